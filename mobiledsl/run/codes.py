"""The codes `mobiledsl run` reports, one a failed step, at the step in the .task."""
from __future__ import annotations

from ..diagnostics import CodeInfo, Severity

STEP_NOT_REACHED = "run.step_not_reached"
COLLISION = "run.collision"
TIPPED_OVER = "run.tipped_over"
NO_PATH = "run.no_path"

CODES = {
    STEP_NOT_REACHED: CodeInfo(
        Severity.ERROR,
        "in simulation, a step of the task ended short of what it asked",
        "`mobiledsl run` drives the robot through its task in MuJoCo and measures each step "
        "by the base's true pose in the simulator. A distance must come within 5 % (or 2 cm) "
        "of the one asked, a turn within 5 degrees, a Navigate within 0.15 m of its marker. "
        "The message says what was asked and what was reached. A robot that falls short "
        "usually slips (too little grip or torque for its mass), is slower than asked (its "
        "motors' top speed), or was stopped by the time allowed. Ask for less, or choose "
        "stronger motors or grippier wheels.",
        "Advance(distance_m = 5.0, speed_mps = 3.0)   // faster than the motors turn",
    ),
    COLLISION: CodeInfo(
        Severity.ERROR,
        "in simulation, the robot touched an obstacle during a step",
        "During the step the robot's collision shapes touched an obstacle of the world (a "
        "wall, an object, a primitive with collision). The message names what was hit and "
        "where the robot was. A straight step runs into whatever lies ahead: move the "
        "obstacle, shorten the step, or let Navigate plan a way around it.",
        "World w {\n"
        "    Obstacle wall(type = box, size = (0.1, 2, 0.5), pos = (0.6, 0, 0.25, 0, 0, 0, 1))\n"
        "}\n"
        "Task t { Advance(distance_m = 1.0) }",
    ),
    TIPPED_OVER: CodeInfo(
        Severity.ERROR,
        "in simulation, the robot tipped over during a step",
        "The base rolled or pitched past 45 degrees, or its body came down on the floor. "
        "Nothing after that step is run. Lower the centre of mass, widen the support, or ask "
        "for a gentler speed.",
        "World w {   // a plank rising at 15 degrees, ending in a drop\n"
        "    SupportSurface plank(type = box, size = (1.2, 1.0, 0.01),\n"
        "                         pos = (0.88, 0, 0.155, 0, -0.1305, 0, 0.9914))\n"
        "}\n"
        "Task t { Advance(distance_m = 2.5, speed_mps = 0.7) }",
    ),
    NO_PATH: CodeInfo(
        Severity.ERROR,
        "no way leads to a Navigate step's goal for this robot",
        "Navigate plans over the world's occupancy map (the one the ROS targets write), with "
        "every obstacle grown by the robot's footprint: the robot's centre keeps the "
        "footprint's reach from every obstacle, so it can turn anywhere on the way. When "
        "obstacles close every way to the marker, or the marker lies inside or against an "
        "obstacle, there is no path. Move the marker or the obstacles, or leave a gap wider "
        "than the robot.",
        "World w {\n"
        "    Obstacle pen(type = box, size = (1, 1, 0.5), pos = (2, 0, 0.25, 0, 0, 0, 1))\n"
        "    Marker goal(type = cylinder, size = (0.3, 0.3, 0.002), pos = (2, 0, 0.001, 0, 0, 0, 1))\n"
        "}\n"
        "Task t { Navigate(goal = @world/goal) }",
    ),
}
