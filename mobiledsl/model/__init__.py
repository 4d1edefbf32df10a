"""Records and vocabulary several phases share: the robot and the world as the later phases
read them, the vocabulary of component, chassis and step types, and the frame maths. Every
phase may import them; they import no phase.

- ``robot``: the assembled robot (Pose, PlacedLink, Steer, Component, Robot).
- ``world``: the resolved world and task (Entity, World, Step, Task).
- ``vocabulary``: which component types exist, what each chassis type needs, which
  arguments a component, an entity and a task step take.
- ``frames``: rotations, quaternions and rigid transforms.
"""
