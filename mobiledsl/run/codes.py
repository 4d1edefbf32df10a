"""The codes `mobiledsl run` reports, one a failed step, at the step in the .task."""

from __future__ import annotations

from ..diagnostics import CodeInfo, Severity

STEP_NOT_REACHED = "run.step_not_reached"
COLLISION = "run.collision"
TIPPED_OVER = "run.tipped_over"
NO_PATH = "run.no_path"
POLICY_FAILED = "run.policy_failed"
RUN_TOO_LONG = "run.too_long"
MAP_TOO_LARGE = "run.map_too_large"

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
        "The base rolled or pitched past 45 degrees, its body came down on the floor, or a "
        "legged trunk sank below 60 % of its standing height (its servos gave way). "
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
        "obstacle, there is no path. A goal no path reaches from the world's start is found "
        "at compile already (validation.kinematics.goal_reachable); at run time it is the "
        "robot's place at the step that closes every way (it drove into a corridor narrower "
        "than it turns). Move the marker or the obstacles, or leave a gap wider "
        "than the robot.",
        "World w {\n"
        "    Obstacle pen(type = box, size = (1, 1, 0.5), pos = (2, 0, 0.25, 0, 0, 0, 1))\n"
        "    Marker goal(type = cylinder, size = (0.3, 0.3, 0.002),\n"
        "                pos = (2, 0, 0.001, 0, 0, 0, 1))\n"
        "}\n"
        "Task t { Navigate(goal = @world/goal) }",
    ),
    POLICY_FAILED: CodeInfo(
        Severity.ERROR,
        "in simulation, the robot's walking policy failed or ran over its time budget",
        "A walker's or a part's ONNX policy runs within bounds: one float32 observation in, "
        "one float32 action per servo out, every value finite; each call within its budget "
        "of wall time (25 control periods, at least 0.5 s and at most 10 s: a small network "
        "takes well under a millisecond); and every policy of the process allocating from "
        "one arena of 256 MiB. A policy that breaks one of these, or that onnxruntime cannot "
        "run, ends the run at the step it was driving (the message says what it did and "
        "when); the later steps are not run. `mobiledsl simulate` reports the same and exits "
        "with status 1. Export the policy again, smaller or with the declared observation "
        "and action.",
        "# walkers/quad_walker/assets/policy.onnx: a Loop of 10^9 matrix products a call\n"
        "Task t { Advance(distance_m = 1.0) }",
    ),
    RUN_TOO_LONG: CodeInfo(
        Severity.ERROR,
        "a task's run reached its cap of simulated time",
        "`mobiledsl run` simulates at most 600 s of a task (less with --max-seconds): each "
        "step's own time limit grows with what it asks, so an Advance of 1e30 m would "
        "otherwise never end. The step running when the cap is reached ends there and "
        "fails, and the later steps are not run. Ask for less, or raise --max-seconds up "
        "to the cap.",
        "Task t { Advance(distance_m = 1e30) }",
    ),
    MAP_TOO_LARGE: CodeInfo(
        Severity.ERROR,
        "a Navigate step's world is too large for the map it plans over",
        "Navigate plans over the world's occupancy map at 5 cm a cell, at most 4096 by 4096 "
        "cells (about 200 m by 200 m) around the entities and the robot. A marker or an "
        "obstacle far from the rest (or at 1e30) makes the map too large to draw: the step "
        "fails there, with the entity that lies furthest out, and the run goes on with the "
        "next step. Place the entities within about 200 m of each other and of the start.",
        "World w { Marker goal(type = cylinder, size = (0.3, 0.3, 0.002),\n"
        "                      pos = (1e6, 0, 0.001, 0, 0, 0, 1)) }\n"
        "Task t { Navigate(goal = @world/goal) }",
    ),
}
