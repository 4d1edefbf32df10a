"""The ``library.*`` codes: what loading a component library reports.

A problem with library.yaml blocks the whole library and is an error. A problem with one
part's, object's, environment's or walker's declaration leaves that entry out of the loaded
library and is a warning: it blocks only a program that names the entry, which then gets a
name-resolution error repeating it. The severity below is the one a code has where it is
most often met.
"""

from __future__ import annotations

from ..diagnostics import CodeInfo, Severity

E = Severity.ERROR
W = Severity.WARNING

_PART = (
    "In a component.yaml it is a warning and the part is left out of the library; "
    "in library.yaml it is an error and nothing loads."
)

CODES: dict[str, CodeInfo] = {
    "library.manifest_missing": CodeInfo(
        E,
        "there is no library.yaml at the directory given with --library",
        "A component library is a directory holding library.yaml, which names the library "
        "and registers its parts. Without it there is nothing to load, so the compile "
        "stops as for an environment failure (exit status 2). Pass the directory that "
        "holds library.yaml, not its parts/ folder or a part's directory.",
        "mobiledsl library check libraries/demo_parts/parts\n",
    ),
    "library.yaml_syntax": CodeInfo(
        E,
        "a library file is not valid YAML, or no tree can be read from it",
        "library.yaml, component.yaml and walker.yaml are read as YAML whose values are "
        "JSON's: mappings, lists, strings, numbers, true, false and null. A file that is "
        "not valid YAML or UTF-8 text, that nests values more than 64 levels deep, holds more "
        "than 300,000 values as written or as its aliases expand it, or puts an alias "
        "inside the value its anchor names cannot be read; the reader stops at the value "
        "that crosses a limit. " + _PART,
        "schema_version: 1\nid: [standard_80\n",
    ),
    "library.duplicate_key": CodeInfo(
        E,
        "a key is given twice in one mapping",
        "YAML would quietly keep one of the two values; the library format refuses the "
        "file instead, since either one may be the value meant. Both places are shown: keep "
        "one. " + _PART,
        "wheel: {radius: 0.04, width: 0.03, radius: 0.05}\n",
    ),
    "library.invalid_key": CodeInfo(
        E,
        "a key is not a plain name",
        "Keys are names of letters, digits, _, - and .: never a number, true, false, null, "
        "a list, a mapping or a merge key (<<). " + _PART,
        "inertia: {1: 0.5}\n",
    ),
    "library.unknown_field": CodeInfo(
        E,
        "a key the schema does not list",
        "There are no free-form fields: a misspelt or invented key would otherwise be "
        "silently ignored. The message lists the fields allowed where the key stands. Only "
        "inside provenance are other keys allowed (and ignored), for a library's own tools. "
        + _PART,
        "wheel: {radius: 0.04, width: 0.03, diameter: 0.08}\n",
    ),
    "library.missing_field": CodeInfo(
        W,
        "a required field is absent",
        "Nothing is defaulted: a value the declaration does not state is absent, and a "
        "field the format requires must be stated. Besides the fields every part states, "
        "the part's profiles and blocks require more: a wheel its wheel block, a part with "
        "a Range, Motor, Battery, Track or MotorDriver profile its range, motor (and a "
        "shaft mount), battery, track or driver block; a driver channels or buses, and with "
        "channels its supply range and continuous current; one end of a voltage range the "
        "other; an estimated or placeholder inertial its basis; and the legged fields "
        "theirs (a leg its links and feet, a Legged chassis its gait, a revolute link its "
        "servo, a controller its policy or gait and what each needs). " + _PART,
        "inertial: {mass: 0.1, origin_xyz: [0, 0, 0], source: estimated,\n"
        "           inertia: {ixx: 1e-5, ixy: 0, ixz: 0, iyy: 1e-5, iyz: 0, izz: 1e-5}}\n",
    ),
    "library.wrong_type": CodeInfo(
        W,
        "a value of the wrong shape",
        "Where a mapping, a number, a string, true/false, a list or an [x, y, z] vector is "
        'expected, something else is written: a quoted number ("0.04" is a string), a '
        "vector with two entries, a list where a mapping belongs, an empty list of shapes, "
        "or a mapping that names no link, foot or connector. " + _PART,
        'wheel: {radius: "0.04", width: 0.03}\n',
    ),
    "library.inertia_fits_the_part": CodeInfo(
        W,
        "a part's principal moments do not fit its mass inside its collision or wheel bounds",
        "The principal moments of a part's inertia tensor are compared, sorted, with those of "
        "a solid of its mass filling its bounds: its collision box (a hull: the box around "
        "its vertices) or, for a wheel, the cylinder of its radius and width. A mass inside "
        "a box gives at most 3 times the solid's moments (all of it at the corners; a thin "
        "shell 5/3 for a cube), so a moment more than 4 times the solid's does not fit; a part "
        "whose mass sits in a small core can have a fifth of them, so only less than a tenth "
        "is warned about: most often a tensor copied from a part of another mass or size. "
        "Bounds thinner than a millimetre are not judged. The part still loads; the help "
        "writes the solid's tensor in component.yaml's syntax.",
        "inertial: {mass: 3.0, ..., inertia: {ixx: 1.7e-04, ixy: 0, ixz: 0, iyy: 2.6e-05, "
        "iyz: 0, izz: 1.8e-04}}   # a 0.18 kg tensor",
    ),
    "library.invalid_value": CodeInfo(
        W,
        "a value of the right shape that no real part could have",
        "A number other than 0 nearer zero than 1e-100 or larger than 1e30 (judged as the "
        "float it reads as, so 1e-400 is refused while -2.7e-32 is not), a zero or negative "
        "mass or size, an inertia tensor that is not positive definite or whose principal "
        "moments break the triangle inequality by more than the rounding of its decimals "
        "(or, for a part's own tensor, by any amount in floats, which MuJoCo refuses), an "
        "unknown category or joint type, an up that is not perpendicular to dir, two mounts "
        "on one connector, a driveline that names a connector twice or turns a motor's "
        "seat, a track whose run on the ground has no length, a voltage or current outside "
        "its range, a hull that is not one closed convex solid, a path that is not written "
        "plainly with / inside a directory of the part (or links out of the part directory), "
        "an environment named empty or an entity with both or neither of type and ref, and "
        "the legged fields' impossible values. " + _PART,
        "inertial:\n  mass: 0.1\n  origin_xyz: [0, 0, 0]\n"
        "  inertia: {ixx: 1e-5, ixy: 0, ixz: 0, iyy: 1e-5, iyz: 0, izz: 3e-5}\n"
        "  source: measured\n",
    ),
    "library.not_unit_vector": CodeInfo(
        W,
        "a direction that is not of unit length",
        "A connector's dir and up, a joint's or a link joint's axis and a steering axis are "
        "directions and must have length 1 within 0.001, as must the quaternion of an "
        "environment entity's pos. The help shows the vector scaled to unit length; check "
        "that it is the direction meant. The part is left out of the library.",
        "connectors:\n  mount: {pos: [0, 0, 0], dir: [0, 0, 2]}\n",
    ),
    "library.unsupported": CodeInfo(
        W,
        "a field that exists in the format but not on this kind of part",
        "Each block belongs to some parts only: collision is never a wheel's; wheel is a "
        "wheel's; track, motor, battery and driver a part of that category or profile; "
        "range a Range or Ultrasonic part's; steering and driveline a chassis connector's; "
        "a joint is never on a track's connector; an axis never on a fixed joint; a box's "
        "size and origin_xyz never on a hull, nor a hull's vertices and faces on a box; a "
        "channel's current only on a driver with channels; size never beside an "
        "environment entity's ref; a part's fields never on an object or an environment; "
        "and links, feet, gait and controller only where the legged rules allow them. The "
        "part is left out of the library.",
        "category: sensor\nwheel: {radius: 0.04, width: 0.03}\n",
    ),
    "library.asset_missing": CodeInfo(
        W,
        "visual.file or a controller's policy names a file that does not exist",
        "The path is relative to the part directory (parts/<id>/), written with /. The "
        "compiler opens no mesh but checks that it is there, since every target copies it. "
        "The part is left out of the library.",
        "visual: {file: assets/modle.dae, xyz: [0, 0, 0], rpy: [0, 0, 0]}\n",
    ),
    "library.id_mismatch": CodeInfo(
        W,
        "a declaration's id differs from its directory's name",
        "A part is found by its directory, parts/<id>/, and named by its id; the two must "
        "agree, or a program naming one would get the other. Rename one of them (and the "
        "entry in library.yaml). The part is left out of the library.",
        "# parts/standard_80/component.yaml\nid: standard_08\n",
    ),
    "library.unknown_connector": CodeInfo(
        W,
        "a profile's mount or a driveline names a connector the part does not declare",
        "A profile maps each logical mount of its component type to one of the part's "
        "connectors, and a driveline names the connectors whose wheels its motor turns; "
        "both must name connectors declared under connectors. The help lists them. The "
        "part is left out of the library.",
        "connectors:\n  mount: {pos: [0, 0, 0], dir: [0, 0, 1]}\n"
        "profiles:\n  Standard: {mounts: {default: mounting}}\n",
    ),
    "library.duplicate_part": CodeInfo(
        W,
        "library.yaml registers one id twice",
        "Each id names one directory, so the second entry adds nothing and is most likely "
        "a mistake (a merge, or a part meant to be another). The id is loaded once; delete "
        "one of the two entries.",
        "name: demo\nparts:\n  - standard_80\n  - standard_80\n",
    ),
    "library.part_missing": CodeInfo(
        W,
        "library.yaml registers an id that has no declaration",
        "A registered part, object or environment is read from parts/<id>/component.yaml "
        "and a walker from walkers/<id>/walker.yaml. Without that file the id is left out "
        "and the rest of the library still loads; a program that names it gets an error "
        "repeating this. Add the declaration or delete the entry.",
        "name: demo\nparts:\n  - no_such_part\n",
    ),
    "library.file_too_large": CodeInfo(
        E,
        "a library file holds more than 16 MiB",
        "A declaration states one part in a few kilobytes; a hull of tens of thousands of "
        "corners stays well under a megabyte. A larger library.yaml, component.yaml or "
        "walker.yaml is not read at all, so that a file made to exhaust memory or time "
        "cannot. Split a huge hull into a simpler one. " + _PART,
        "# parts/big/component.yaml: 50 MB of corners\n",
    ),
    "library.not_a_file": CodeInfo(
        E,
        "a library file is a FIFO, a device, a socket or a folder",
        "Only regular files are read: a FIFO would keep the compiler waiting for a writer "
        "forever and a device such as /dev/zero never ends. Put the declaration itself "
        "there, as a plain file. " + _PART,
        "# parts/p/component.yaml -> /dev/zero\n",
    ),
    "library.links_outside": CodeInfo(
        E,
        "a library file is reached through a symbolic link that leads outside the library",
        "A library is a closed world: everything a program builds from it lies under its "
        "root, so that compiling a catalogue someone else wrote cannot read, quote or copy "
        "a file from elsewhere on the machine (a key, /etc/passwd). A declaration, a part "
        "folder or parts/ itself that is a link out of the library is not read; nothing of "
        "the file it leads to is shown or stored. Copy the declaration into the library "
        "instead of linking to it. " + _PART,
        "# parts/p/component.yaml -> /etc/passwd\n",
    ),
    "library.policy_unreadable": CodeInfo(
        W,
        "a controller's policy file does not load as an ONNX model",
        "The policy a part's or a walker's controller names is read when the library loads, "
        "as the simulator will load it: a regular file inside the part's or walker's folder, "
        "at most 16 MiB, holding an ONNX model (a protobuf ModelProto with a graph). An "
        "empty file, a file cut short, or any other bytes are refused here rather than in "
        "the middle of a simulation. " + _PART + " A walker's problems are warnings and "
        "leave the walker out.",
        "controller:\n  policy: assets/policy.onnx   # 0 bytes\n",
    ),
    "library.policy_external_data": CodeInfo(
        W,
        "a policy's ONNX file keeps tensor data in another file",
        "ONNX lets a large model keep its weights in files beside it (a tensor's "
        "data_location EXTERNAL, with external_data naming the file). The targets copy the "
        "policy file alone, and the simulator must read nothing outside it, so every tensor "
        "of a policy, in its graph, its subgraphs and its nodes' attributes, keeps its data "
        "inside the file. Save the model with its weights inside (onnx.save with "
        "save_as_external_data=False). " + _PART,
        "# an initializer with data_location: EXTERNAL, location: weights.bin\n",
    ),
    "library.policy_names": CodeInfo(
        W,
        "a policy's graph does not take one observation and give its action",
        "The simulator feeds a policy one input, the observation, and reads its first output "
        "as the action. The graph must have exactly one input (weights listed as inputs do "
        "not count), at least one output, every name a node reads defined in the graph (its "
        "input, a weight or another node's output) and every output made by it. A graph "
        "whose nodes read 'obs' while its input is 'observation' would fail when the "
        "simulator loads it. " + _PART,
        "# graph input 'observation', first node MatMul(obs, W)\n",
    ),
    "library.policy_shape": CodeInfo(
        W,
        "a policy's input or output is not the float32 [1, n] the declaration implies",
        "The observation is float32 of shape [1, n], n the sum of its terms' sizes (3 for "
        "each velocity, gravity and the command, one per servo for joint_angles, "
        "joint_velocities and last_action, two per phase offset); the action is float32 "
        "[1, m], m the servos the policy moves (a part's servos, or a walker's joints). The "
        "first dimension may be a named batch size; every other must be stated and equal. "
        "A model of another element type, rank or size is refused: it was trained for "
        "another observation or robot. " + _PART,
        "observation: [gravity, command]   # 6 numbers, the model takes [1, 44]\n",
    ),
}
