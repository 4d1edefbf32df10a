"""Written by ``python -m mobiledsl.precompiled``; do not edit. Each function makes
one function the package writes as text (see mobiledsl/precompiled.py)."""


def _0(__names):
    def __init__(self, well, owner, connector):
      __own = self.__dict__
      __own['well'] = well
      __own['owner'] = owner
      __own['connector'] = connector
    return __init__


def _1(__names):
    def __init__(self, component, pieces, description):
      __own = self.__dict__
      __own['component'] = component
      __own['pieces'] = pieces
      __own['description'] = description
    return __init__


def _2(__names):
    def __init__(self, vertices, A, b):
      __own = self.__dict__
      __own['vertices'] = vertices
      __own['A'] = A
      __own['b'] = b
    return __init__


def _3(__names):
    def __init__(self, a, b, radius):
      __own = self.__dict__
      __own['a'] = a
      __own['b'] = b
      __own['radius'] = radius
    return __init__


def _4(__names):
    __f_polygon = __names['__f_polygon']
    __factory = __names['__factory']
    def __init__(self, normal, offset, origin, ex, ey, supports, spread, decided, polygon=__factory):
      self.normal = normal
      self.offset = offset
      self.origin = origin
      self.ex = ex
      self.ey = ey
      self.supports = supports
      self.spread = spread
      self.decided = decided
      self.polygon = __f_polygon() if polygon is __factory else polygon
    return __init__


def _5(__names):
    __d_foot = __names['__d_foot']
    def __init__(self, component, kind, label, lowest_point, contact, must_touch, foot=__d_foot):
      __own = self.__dict__
      __own['component'] = component
      __own['kind'] = kind
      __own['label'] = label
      __own['lowest_point'] = lowest_point
      __own['contact'] = contact
      __own['must_touch'] = must_touch
      __own['foot'] = foot
    return __init__


def _6(__names):
    def __init__(self, mass, com, inertia):
      __own = self.__dict__
      __own['mass'] = mass
      __own['com'] = com
      __own['inertia'] = inertia
    return __init__


def _7(__names):
    __d_findings = __names['__d_findings']
    __d_outlines = __names['__d_outlines']
    __d_surroundings = __names['__d_surroundings']
    __d_walker = __names['__d_walker']
    __d_walker_drive = __names['__d_walker_drive']
    __d_walking_peaks = __names['__d_walking_peaks']
    def __init__(self, robot, mass, com, inertia, ground_z, ground_normal, support_polygon, com_ground, com_margin_m, footprint, kinematics, outlines=__d_outlines, findings=__d_findings, walker=__d_walker, surroundings=__d_surroundings, walker_drive=__d_walker_drive, walking_peaks=__d_walking_peaks):
      __own = self.__dict__
      __own['robot'] = robot
      __own['mass'] = mass
      __own['com'] = com
      __own['inertia'] = inertia
      __own['ground_z'] = ground_z
      __own['ground_normal'] = ground_normal
      __own['support_polygon'] = support_polygon
      __own['com_ground'] = com_ground
      __own['com_margin_m'] = com_margin_m
      __own['footprint'] = footprint
      __own['kinematics'] = kinematics
      __own['outlines'] = outlines
      __own['findings'] = findings
      __own['walker'] = walker
      __own['surroundings'] = surroundings
      __own['walker_drive'] = walker_drive
      __own['walking_peaks'] = walking_peaks
    return __init__


def _8(__names):
    __d_at = __names['__d_at']
    __d_components = __names['__d_components']
    def __init__(self, code, severity, message, components=__d_components, at=__d_at):
      __own = self.__dict__
      __own['code'] = code
      __own['severity'] = severity
      __own['message'] = message
      __own['components'] = components
      __own['at'] = at
    return __init__


def _9(__names):
    __f_diagnostics = __names['__f_diagnostics']
    __f_findings = __names['__f_findings']
    __factory = __names['__factory']
    def __init__(self, diagnostics=__factory, findings=__factory):
      self.diagnostics = __f_diagnostics() if diagnostics is __factory else diagnostics
      self.findings = __f_findings() if findings is __factory else findings
    return __init__


def _10(__names):
    __d_max_accel_mps2 = __names['__d_max_accel_mps2']
    __d_motors = __names['__d_motors']
    __d_skid_factor = __names['__d_skid_factor']
    __d_steps = __names['__d_steps']
    __d_track_width_m = __names['__d_track_width_m']
    __d_wheelbase_m = __names['__d_wheelbase_m']
    __f_hub_limits = __names['__f_hub_limits']
    __f_volts_shares = __names['__f_volts_shares']
    __factory = __names['__factory']
    def __init__(self, can_spin, holonomic, max_speed_mps, max_yaw_rate_rad_s, track_width_m=__d_track_width_m, wheelbase_m=__d_wheelbase_m, steps=__d_steps, max_accel_mps2=__d_max_accel_mps2, motors=__d_motors, skid_factor=__d_skid_factor, hub_limits=__factory, volts_shares=__factory):
      __own = self.__dict__
      __own['can_spin'] = can_spin
      __own['holonomic'] = holonomic
      __own['max_speed_mps'] = max_speed_mps
      __own['max_yaw_rate_rad_s'] = max_yaw_rate_rad_s
      __own['track_width_m'] = track_width_m
      __own['wheelbase_m'] = wheelbase_m
      __own['steps'] = steps
      __own['max_accel_mps2'] = max_accel_mps2
      __own['motors'] = motors
      __own['skid_factor'] = skid_factor
      __own['hub_limits'] = __f_hub_limits() if hub_limits is __factory else hub_limits
      __own['volts_shares'] = __f_volts_shares() if volts_shares is __factory else volts_shares
    return __init__


def _11(__names):
    __d_pull_accel_mps2 = __names['__d_pull_accel_mps2']
    def __init__(self, fed_by, volts_full, volts_low, stall_pull_n, resistance_n, top_speed_full_mps, top_speed_low_mps, accel_mps2, max_slope_rad, pull_accel_mps2=__d_pull_accel_mps2):
      __own = self.__dict__
      __own['fed_by'] = fed_by
      __own['volts_full'] = volts_full
      __own['volts_low'] = volts_low
      __own['stall_pull_n'] = stall_pull_n
      __own['resistance_n'] = resistance_n
      __own['top_speed_full_mps'] = top_speed_full_mps
      __own['top_speed_low_mps'] = top_speed_low_mps
      __own['accel_mps2'] = accel_mps2
      __own['max_slope_rad'] = max_slope_rad
      __own['pull_accel_mps2'] = pull_accel_mps2
    return __init__


def _12(__names):
    def __init__(self, component, kind, label, polygon):
      __own = self.__dict__
      __own['component'] = component
      __own['kind'] = kind
      __own['label'] = label
      __own['polygon'] = polygon
    return __init__


def _13(__names):
    __d_codes = __names['__d_codes']
    __d_reason = __names['__d_reason']
    __d_time_to_speed_s = __names['__d_time_to_speed_s']
    def __init__(self, index, kind, supported, codes=__d_codes, reason=__d_reason, time_to_speed_s=__d_time_to_speed_s):
      __own = self.__dict__
      __own['index'] = index
      __own['kind'] = kind
      __own['supported'] = supported
      __own['codes'] = codes
      __own['reason'] = reason
      __own['time_to_speed_s'] = time_to_speed_s
    return __init__


def _14(__names):
    __d_hidden = __names['__d_hidden']
    def __init__(self, key, dir, gait, controller, joints, hidden=__d_hidden):
      __own = self.__dict__
      __own['key'] = key
      __own['dir'] = dir
      __own['gait'] = gait
      __own['controller'] = controller
      __own['joints'] = joints
      __own['hidden'] = hidden
    return __init__


def _15(__names):
    def __init__(self, joint, twist, steps, torque_nm, effort_nm):
      __own = self.__dict__
      __own['joint'] = joint
      __own['twist'] = twist
      __own['steps'] = steps
      __own['torque_nm'] = torque_nm
      __own['effort_nm'] = effort_nm
    return __init__


def _16(__names):
    __d_wheels_felt = __names['__d_wheels_felt']
    def __init__(self, drives, mass, volts, wheels_felt=__d_wheels_felt):
      __own = self.__dict__
      __own['drives'] = drives
      __own['mass'] = mass
      __own['volts'] = volts
      __own['wheels_felt'] = wheels_felt
    return __init__


def _17(__names):
    def __init__(self, motor, spec, wheels, radius, reduction):
      __own = self.__dict__
      __own['motor'] = motor
      __own['spec'] = spec
      __own['wheels'] = wheels
      __own['radius'] = radius
      __own['reduction'] = reduction
    return __init__


def _18(__names):
    def __init__(self, stall_nm, no_load_rad_s):
      __own = self.__dict__
      __own['stall_nm'] = stall_nm
      __own['no_load_rad_s'] = no_load_rad_s
    return __init__


def _19(__names):
    def __init__(self, centre, axis, radius, width):
      __own = self.__dict__
      __own['centre'] = centre
      __own['axis'] = axis
      __own['radius'] = radius
      __own['width'] = width
    return __init__


def _20(__names):
    def __init__(self, component, part, foot, solid):
      __own = self.__dict__
      __own['component'] = component
      __own['part'] = part
      __own['foot'] = foot
      __own['solid'] = solid
    return __init__


def _21(__names):
    def __init__(self, bodies, frames, link_frames, solids, wheels, tracks, feet):
      __own = self.__dict__
      __own['bodies'] = bodies
      __own['frames'] = frames
      __own['link_frames'] = link_frames
      __own['solids'] = solids
      __own['wheels'] = wheels
      __own['tracks'] = tracks
      __own['feet'] = feet
    return __init__


def _22(__names):
    def __init__(self, component, part, link, frame, inertial, shapes):
      __own = self.__dict__
      __own['component'] = component
      __own['part'] = part
      __own['link'] = link
      __own['frame'] = frame
      __own['inertial'] = inertial
      __own['shapes'] = shapes
    return __init__


def _23(__names):
    def __init__(self, component, link, index, shape, solid):
      __own = self.__dict__
      __own['component'] = component
      __own['link'] = link
      __own['index'] = index
      __own['shape'] = shape
      __own['solid'] = solid
    return __init__


def _24(__names):
    def __init__(self, component, part, run_from, run_to, across, up, width, belt):
      __own = self.__dict__
      __own['component'] = component
      __own['part'] = part
      __own['run_from'] = run_from
      __own['run_to'] = run_to
      __own['across'] = across
      __own['up'] = up
      __own['width'] = width
      __own['belt'] = belt
    return __init__


def _25(__names):
    def __init__(self, component, part, centre, axis, radius, width, caster):
      __own = self.__dict__
      __own['component'] = component
      __own['part'] = part
      __own['centre'] = centre
      __own['axis'] = axis
      __own['radius'] = radius
      __own['width'] = width
      __own['caster'] = caster
    return __init__


def _26(__names):
    def __init__(self, name, point, force, sag):
      self.name = name
      self.point = point
      self.force = force
      self.sag = sag
    return __init__


def _27(__names):
    __d_torque = __names['__d_torque']
    def __init__(self, component, part, link, origin, axis, torque=__d_torque):
      self.component = component
      self.part = part
      self.link = link
      self.origin = origin
      self.axis = axis
      self.torque = torque
    return __init__


def _28(__names):
    def __init__(self, lo_x, lo_y, hi_x, hi_y):
      __own = self.__dict__
      __own['lo_x'] = lo_x
      __own['lo_y'] = lo_y
      __own['hi_x'] = hi_x
      __own['hi_y'] = hi_y
    return __init__


def _29(__names):
    __d_connector = __names['__d_connector']
    __d_host_connector = __names['__d_host_connector']
    __d_joint_point = __names['__d_joint_point']
    __d_parent = __names['__d_parent']
    __d_shadow = __names['__d_shadow']
    __f_connectors = __names['__f_connectors']
    __factory = __names['__factory']
    def __init__(self, name, transform, parent=__d_parent, host_connector=__d_host_connector, connector=__d_connector, joint_point=__d_joint_point, shadow=__d_shadow, connectors=__factory):
      self.name = name
      self.transform = transform
      self.parent = parent
      self.host_connector = host_connector
      self.connector = connector
      self.joint_point = joint_point
      self.shadow = shadow
      self.connectors = __f_connectors() if connectors is __factory else connectors
    return __init__


def _30(__names):
    __d_ends_at_once = __names['__d_ends_at_once']
    def __init__(self, name, help, configure, run, ends_at_once=__d_ends_at_once):
      __own = self.__dict__
      __own['name'] = name
      __own['help'] = help
      __own['configure'] = configure
      __own['run'] = run
      __own['ends_at_once'] = ends_at_once
    return __init__


def _31(__names):
    def __init__(self, moved, copies, files, refused):
      __own = self.__dict__
      __own['moved'] = moved
      __own['copies'] = copies
      __own['files'] = files
      __own['refused'] = refused
    return __init__


def _32(__names):
    def __init__(self, source, target, is_dir):
      __own = self.__dict__
      __own['source'] = source
      __own['target'] = target
      __own['is_dir'] = is_dir
    return __init__


def _33(__names):
    def __init__(self, source, target, named):
      __own = self.__dict__
      __own['source'] = source
      __own['target'] = target
      __own['named'] = named
    return __init__


def _34(__names):
    def __init__(self, dest, report, diagnostics):
      __own = self.__dict__
      __own['dest'] = dest
      __own['report'] = report
      __own['diagnostics'] = diagnostics
    return __init__


def _35(__names):
    def __init__(self, path, part, kind, why, left_out):
      __own = self.__dict__
      __own['path'] = path
      __own['part'] = part
      __own['kind'] = kind
      __own['why'] = why
      __own['left_out'] = left_out
    return __init__


def _36(__names):
    def __init__(self, id, source, copied):
      __own = self.__dict__
      __own['id'] = id
      __own['source'] = source
      __own['copied'] = copied
    return __init__


def _37(__names):
    def __init__(self, library, parts, dropped, not_carried, to_settle, diagnostics, refused, loaded, left_out):
      __own = self.__dict__
      __own['library'] = library
      __own['parts'] = parts
      __own['dropped'] = dropped
      __own['not_carried'] = not_carried
      __own['to_settle'] = to_settle
      __own['diagnostics'] = diagnostics
      __own['refused'] = refused
      __own['loaded'] = loaded
      __own['left_out'] = left_out
    return __init__


def _38(__names):
    def __init__(self, part, path, value, why):
      __own = self.__dict__
      __own['part'] = part
      __own['path'] = path
      __own['value'] = value
      __own['why'] = why
    return __init__


def _39(__names):
    def __init__(self, category, id, folder, data):
      __own = self.__dict__
      __own['category'] = category
      __own['id'] = id
      __own['folder'] = folder
      __own['data'] = data
    return __init__


def _40(__names):
    __d_example = __names['__d_example']
    def __init__(self, severity, summary, explanation, example=__d_example):
      __own = self.__dict__
      __own['severity'] = severity
      __own['summary'] = summary
      __own['explanation'] = explanation
      __own['example'] = example
    return __init__


def _41(__names):
    __d_fixes = __names['__d_fixes']
    __d_help = __names['__d_help']
    __d_label = __names['__d_label']
    __d_labels = __names['__d_labels']
    __d_notes = __names['__d_notes']
    __d_span = __names['__d_span']
    def __init__(self, severity, code, message, span=__d_span, label=__d_label, labels=__d_labels, help=__d_help, notes=__d_notes, fixes=__d_fixes):
      __own = self.__dict__
      __own['severity'] = severity
      __own['code'] = code
      __own['message'] = message
      __own['span'] = span
      __own['label'] = label
      __own['labels'] = labels
      __own['help'] = help
      __own['notes'] = notes
      __own['fixes'] = fixes
      self.__post_init__()
    return __init__


def _42(__names):
    __d_key_path = __names['__d_key_path']
    def __init__(self, span, replacement, key_path=__d_key_path):
      __own = self.__dict__
      __own['span'] = span
      __own['replacement'] = replacement
      __own['key_path'] = key_path
    return __init__


def _43(__names):
    __d_message = __names['__d_message']
    def __init__(self, span, message=__d_message):
      __own = self.__dict__
      __own['span'] = span
      __own['message'] = message
    return __init__


def _44(__names):
    __f_items = __names['__f_items']
    __factory = __names['__factory']
    def __init__(self, items=__factory):
      self.items = __f_items() if items is __factory else items
    return __init__


def _45(__names):
    __d_column = __names['__d_column']
    __d_end_column = __names['__d_end_column']
    __d_end_line = __names['__d_end_line']
    __d_line = __names['__d_line']
    def __init__(self, file, line=__d_line, column=__d_column, end_line=__d_end_line, end_column=__d_end_column):
      __own = self.__dict__
      __own['file'] = file
      __own['line'] = line
      __own['column'] = column
      __own['end_line'] = end_line
      __own['end_column'] = end_column
    return __init__


def _46(__names):
    def __init__(self, file, line, old, new):
      __own = self.__dict__
      __own['file'] = file
      __own['line'] = line
      __own['old'] = old
      __own['new'] = new
    return __init__


def _47(__names):
    def __init__(self, root, programs, libraries):
      __own = self.__dict__
      __own['root'] = root
      __own['programs'] = programs
      __own['libraries'] = libraries
    return __init__


def _48(__names):
    __d_blob = __names['__d_blob']
    __d_entry = __names['__d_entry']
    __d_entry_list = __names['__d_entry_list']
    __d_files = __names['__d_files']
    def __init__(self, blob=__d_blob, entry=__d_entry, entry_list=__d_entry_list, files=__d_files):
      __own = self.__dict__
      __own['blob'] = blob
      __own['entry'] = entry
      __own['entry_list'] = entry_list
      __own['files'] = files
    return __init__


def _49(__names):
    __d_program = __names['__d_program']
    __d_target = __names['__d_target']
    def __init__(self, program=__d_program, target=__d_target):
      __own = self.__dict__
      __own['program'] = program
      __own['target'] = target
    return __init__


def _50(__names):
    __d_exclude = __names['__d_exclude']
    __d_libraries = __names['__d_libraries']
    __d_programs = __names['__d_programs']
    __d_targets = __names['__d_targets']
    __d_templates = __names['__d_templates']
    __d_warnings = __names['__d_warnings']
    def __init__(self, root, libraries=__d_libraries, programs=__d_programs, targets=__d_targets, exclude=__d_exclude, templates=__d_templates, warnings=__d_warnings):
      __own = self.__dict__
      __own['root'] = root
      __own['libraries'] = libraries
      __own['programs'] = programs
      __own['targets'] = targets
      __own['exclude'] = exclude
      __own['templates'] = templates
      __own['warnings'] = warnings
    return __init__


def _51(__names):
    __d_task = __names['__d_task']
    __d_world = __names['__d_world']
    def __init__(self, name, dir, core, world=__d_world, task=__d_task):
      __own = self.__dict__
      __own['name'] = name
      __own['dir'] = dir
      __own['core'] = core
      __own['world'] = world
      __own['task'] = task
    return __init__


def _52(__names):
    __d_at = __names['__d_at']
    __d_column = __names['__d_column']
    __d_end_column = __names['__d_end_column']
    __d_end_line = __names['__d_end_line']
    __d_line = __names['__d_line']
    def __init__(self, file, line=__d_line, column=__d_column, end_line=__d_end_line, end_column=__d_end_column, at=__d_at):
      __own = self.__dict__
      __own['file'] = file
      __own['line'] = line
      __own['column'] = column
      __own['end_line'] = end_line
      __own['end_column'] = end_column
      __own['at'] = at
    return __init__


def _53(__names):
    def __init__(self, name, value, span, name_span):
      __own = self.__dict__
      __own['name'] = name
      __own['value'] = value
      __own['span'] = span
      __own['name_span'] = name_span
    return __init__


def _54(__names):
    def __init__(self, name, name_span, intent, components, span, file):
      __own = self.__dict__
      __own['name'] = name
      __own['name_span'] = name_span
      __own['intent'] = intent
      __own['components'] = components
      __own['span'] = span
      __own['file'] = file
    return __init__


def _55(__names):
    __d_args_span = __names['__d_args_span']
    __d_name_span = __names['__d_name_span']
    def __init__(self, kind, name, args, span, kind_span, name_span=__d_name_span, args_span=__d_args_span):
      __own = self.__dict__
      __own['kind'] = kind
      __own['name'] = name
      __own['args'] = args
      __own['span'] = span
      __own['kind_span'] = kind_span
      __own['name_span'] = name_span
      __own['args_span'] = args_span
    return __init__


def _56(__names):
    def __init__(self, value, raw, span):
      __own = self.__dict__
      __own['value'] = value
      __own['raw'] = raw
      __own['span'] = span
    return __init__


def _57(__names):
    def __init__(self, kind, name, span):
      __own = self.__dict__
      __own['kind'] = kind
      __own['name'] = name
      __own['span'] = span
    return __init__


def _58(__names):
    def __init__(self, value, span):
      __own = self.__dict__
      __own['value'] = value
      __own['span'] = span
    return __init__


def _59(__names):
    def __init__(self, name, name_span, steps, span, file):
      __own = self.__dict__
      __own['name'] = name
      __own['name_span'] = name_span
      __own['steps'] = steps
      __own['span'] = span
      __own['file'] = file
    return __init__


def _60(__names):
    def __init__(self, items, span):
      __own = self.__dict__
      __own['items'] = items
      __own['span'] = span
    return __init__


def _61(__names):
    def __init__(self, word, span):
      __own = self.__dict__
      __own['word'] = word
      __own['span'] = span
    return __init__


def _62(__names):
    def __init__(self, name, name_span, settings, entities, span, file):
      __own = self.__dict__
      __own['name'] = name
      __own['name_span'] = name_span
      __own['settings'] = settings
      __own['entities'] = entities
      __own['span'] = span
      __own['file'] = file
    return __init__


def _63(__names):
    __d_bad = __names['__d_bad']
    __d_first_on_line = __names['__d_first_on_line']
    __d_indent = __names['__d_indent']
    __d_value = __names['__d_value']
    def __init__(self, kind, text, line, col, end_line, end_col, value=__d_value, bad=__d_bad, first_on_line=__d_first_on_line, indent=__d_indent):
      self.kind = kind
      self.text = text
      self.line = line
      self.col = col
      self.end_line = end_line
      self.end_col = end_col
      self.value = value
      self.bad = bad
      self.first_on_line = first_on_line
      self.indent = indent
    return __init__


def _64(__names):
    def __init__(self, keyword, ext, what, item, a_item, example):
      __own = self.__dict__
      __own['keyword'] = keyword
      __own['ext'] = ext
      __own['what'] = what
      __own['item'] = item
      __own['a_item'] = a_item
      __own['example'] = example
    return __init__


def _65(__names):
    def __init__(self, part_dir, links, links_stated, feet_node, feet, is_chassis):
      __own = self.__dict__
      __own['part_dir'] = part_dir
      __own['links'] = links
      __own['links_stated'] = links_stated
      __own['feet_node'] = feet_node
      __own['feet'] = feet
      __own['is_chassis'] = is_chassis
    return __init__


def _66(__names):
    __d_owners = __names['__d_owners']
    __d_walker = __names['__d_walker']
    def __init__(self, base_dir, servos, imu_links, walker=__d_walker, owners=__d_owners):
      self.base_dir = base_dir
      self.servos = servos
      self.imu_links = imu_links
      self.walker = walker
      self.owners = owners
    return __init__


def _67(__names):
    def __init__(self, name, links, taken):
      __own = self.__dict__
      __own['name'] = name
      __own['links'] = links
      __own['taken'] = taken
    return __init__


def _68(__names):
    __d_controller = __names['__d_controller']
    __d_feet = __names['__d_feet']
    __d_gait = __names['__d_gait']
    __d_links = __names['__d_links']
    __f_spans = __names['__f_spans']
    __factory = __names['__factory']
    def __init__(self, links=__d_links, feet=__d_feet, gait=__d_gait, controller=__d_controller, spans=__factory):
      __own = self.__dict__
      __own['links'] = links
      __own['feet'] = feet
      __own['gait'] = gait
      __own['controller'] = controller
      __own['spans'] = __f_spans() if spans is __factory else spans
    return __init__


def _69(__names):
    __d_collision = __names['__d_collision']
    __d_joint_type = __names['__d_joint_type']
    __d_parent = __names['__d_parent']
    __d_record = __names['__d_record']
    __d_servo = __names['__d_servo']
    def __init__(self, name, parent=__d_parent, joint_type=__d_joint_type, collision=__d_collision, servo=__d_servo, record=__d_record):
      self.name = name
      self.parent = parent
      self.joint_type = joint_type
      self.collision = collision
      self.servo = servo
      self.record = record
    return __init__


def _70(__names):
    __d_own_part = __names['__d_own_part']
    __d_rng = __names['__d_rng']
    def __init__(self, info, part_dir, above, below, rng=__d_rng, own_part=__d_own_part):
      self.info = info
      self.part_dir = part_dir
      self.above = above
      self.below = below
      self.rng = rng
      self.own_part = own_part
    return __init__


def _71(__names):
    __d_name_span = __names['__d_name_span']
    __f_parts = __names['__f_parts']
    __f_walkers = __names['__f_walkers']
    __factory = __names['__factory']
    def __init__(self, name, file, parts=__factory, walkers=__factory, name_span=__d_name_span):
      __own = self.__dict__
      __own['name'] = name
      __own['file'] = file
      __own['parts'] = __f_parts() if parts is __factory else parts
      __own['walkers'] = __f_walkers() if walkers is __factory else walkers
      __own['name_span'] = name_span
    return __init__


def _72(__names):
    __d_capacity_ah = __names['__d_capacity_ah']
    __d_voltage_max_v = __names['__d_voltage_max_v']
    __d_voltage_min_v = __names['__d_voltage_min_v']
    def __init__(self, voltage_nominal_v, voltage_min_v=__d_voltage_min_v, voltage_max_v=__d_voltage_max_v, capacity_ah=__d_capacity_ah):
      __own = self.__dict__
      __own['voltage_nominal_v'] = voltage_nominal_v
      __own['voltage_min_v'] = voltage_min_v
      __own['voltage_max_v'] = voltage_max_v
      __own['capacity_ah'] = capacity_ah
    return __init__


def _73(__names):
    __d_driveline = __names['__d_driveline']
    __d_joint = __names['__d_joint']
    __d_steering = __names['__d_steering']
    __d_up = __names['__d_up']
    __d_well = __names['__d_well']
    def __init__(self, name, pos, dir, up=__d_up, joint=__d_joint, well=__d_well, steering=__d_steering, driveline=__d_driveline):
      __own = self.__dict__
      __own['name'] = name
      __own['pos'] = pos
      __own['dir'] = dir
      __own['up'] = up
      __own['joint'] = joint
      __own['well'] = well
      __own['steering'] = steering
      __own['driveline'] = driveline
    return __init__


def _74(__names):
    __d_note = __names['__d_note']
    def __init__(self, xyz, radius, note=__d_note):
      __own = self.__dict__
      __own['xyz'] = xyz
      __own['radius'] = radius
      __own['note'] = note
    return __init__


def _75(__names):
    __d_reduction = __names['__d_reduction']
    def __init__(self, turns, reduction=__d_reduction):
      __own = self.__dict__
      __own['turns'] = turns
      __own['reduction'] = reduction
    return __init__


def _76(__names):
    __d_buses = __names['__d_buses']
    __d_channels = __names['__d_channels']
    __d_continuous_current_per_channel_a = __names['__d_continuous_current_per_channel_a']
    __d_output_voltage_v = __names['__d_output_voltage_v']
    __d_peak_current_per_channel_a = __names['__d_peak_current_per_channel_a']
    __d_voltage_max_v = __names['__d_voltage_max_v']
    __d_voltage_min_v = __names['__d_voltage_min_v']
    def __init__(self, channels=__d_channels, buses=__d_buses, voltage_min_v=__d_voltage_min_v, voltage_max_v=__d_voltage_max_v, continuous_current_per_channel_a=__d_continuous_current_per_channel_a, peak_current_per_channel_a=__d_peak_current_per_channel_a, output_voltage_v=__d_output_voltage_v):
      __own = self.__dict__
      __own['channels'] = channels
      __own['buses'] = buses
      __own['voltage_min_v'] = voltage_min_v
      __own['voltage_max_v'] = voltage_max_v
      __own['continuous_current_per_channel_a'] = continuous_current_per_channel_a
      __own['peak_current_per_channel_a'] = peak_current_per_channel_a
      __own['output_voltage_v'] = output_voltage_v
    return __init__


def _77(__names):
    __d_collision = __names['__d_collision']
    __d_ref = __names['__d_ref']
    __d_size = __names['__d_size']
    __d_span = __names['__d_span']
    __d_type = __names['__d_type']
    def __init__(self, name, entity, pos, type=__d_type, size=__d_size, ref=__d_ref, collision=__d_collision, span=__d_span):
      __own = self.__dict__
      __own['name'] = name
      __own['entity'] = entity
      __own['pos'] = pos
      __own['type'] = type
      __own['size'] = size
      __own['ref'] = ref
      __own['collision'] = collision
      __own['span'] = span
    return __init__


def _78(__names):
    def __init__(self, name, link, shape, friction):
      __own = self.__dict__
      __own['name'] = name
      __own['link'] = link
      __own['shape'] = shape
      __own['friction'] = friction
    return __init__


def _79(__names):
    def __init__(self, ahead, aside, turn):
      __own = self.__dict__
      __own['ahead'] = ahead
      __own['aside'] = aside
      __own['turn'] = turn
    return __init__


def _80(__names):
    def __init__(self, ixx, ixy, ixz, iyy, iyz, izz):
      __own = self.__dict__
      __own['ixx'] = ixx
      __own['ixy'] = ixy
      __own['ixz'] = ixz
      __own['iyy'] = iyy
      __own['iyz'] = iyz
      __own['izz'] = izz
    return __init__


def _81(__names):
    __d_basis = __names['__d_basis']
    def __init__(self, mass, origin_xyz, inertia, source, basis=__d_basis):
      __own = self.__dict__
      __own['mass'] = mass
      __own['origin_xyz'] = origin_xyz
      __own['inertia'] = inertia
      __own['source'] = source
      __own['basis'] = basis
    return __init__


def _82(__names):
    __d_axis = __names['__d_axis']
    def __init__(self, type, axis=__d_axis):
      __own = self.__dict__
      __own['type'] = type
      __own['axis'] = axis
    return __init__


def _83(__names):
    def __init__(self, id, file, diagnostics):
      __own = self.__dict__
      __own['id'] = id
      __own['file'] = file
      __own['diagnostics'] = diagnostics
    return __init__


def _84(__names):
    __d_name_span = __names['__d_name_span']
    __f_left_out = __names['__f_left_out']
    __f_walkers = __names['__f_walkers']
    __factory = __names['__factory']
    def __init__(self, name, root, parts, walkers=__factory, left_out=__factory, name_span=__d_name_span):
      __own = self.__dict__
      __own['name'] = name
      __own['root'] = root
      __own['parts'] = parts
      __own['walkers'] = __f_walkers() if walkers is __factory else walkers
      __own['left_out'] = __f_left_out() if left_out is __factory else left_out
      __own['name_span'] = name_span
    return __init__


def _85(__names):
    __d_frame = __names['__d_frame']
    def __init__(self, name, part, glue, frame=__d_frame):
      __own = self.__dict__
      __own['name'] = name
      __own['part'] = part
      __own['glue'] = glue
      __own['frame'] = frame
    return __init__


def _86(__names):
    def __init__(self, xyz, rotation):
      __own = self.__dict__
      __own['xyz'] = xyz
      __own['rotation'] = rotation
    return __init__


def _87(__names):
    __d_collision = __names['__d_collision']
    __d_servo = __names['__d_servo']
    def __init__(self, name, parent, joint, inertial, visual, collision=__d_collision, servo=__d_servo):
      __own = self.__dict__
      __own['name'] = name
      __own['parent'] = parent
      __own['joint'] = joint
      __own['inertial'] = inertial
      __own['visual'] = visual
      __own['collision'] = collision
      __own['servo'] = servo
    return __init__


def _88(__names):
    __d_axis = __names['__d_axis']
    __d_range = __names['__d_range']
    def __init__(self, type, xyz, rpy, axis=__d_axis, range=__d_range):
      __own = self.__dict__
      __own['type'] = type
      __own['xyz'] = xyz
      __own['rpy'] = rpy
      __own['axis'] = axis
      __own['range'] = range
    return __init__


def _89(__names):
    __d_bus = __names['__d_bus']
    __d_voltage_max_v = __names['__d_voltage_max_v']
    __d_voltage_min_v = __names['__d_voltage_min_v']
    def __init__(self, rated_voltage_v, no_load_speed_rad_s, stall_torque_nm, stall_current_a, voltage_min_v=__d_voltage_min_v, voltage_max_v=__d_voltage_max_v, bus=__d_bus):
      __own = self.__dict__
      __own['rated_voltage_v'] = rated_voltage_v
      __own['no_load_speed_rad_s'] = no_load_speed_rad_s
      __own['stall_torque_nm'] = stall_torque_nm
      __own['stall_current_a'] = stall_current_a
      __own['voltage_min_v'] = voltage_min_v
      __own['voltage_max_v'] = voltage_max_v
      __own['bus'] = bus
    return __init__


def _90(__names):
    __d_battery = __names['__d_battery']
    __d_collision = __names['__d_collision']
    __d_contacts = __names['__d_contacts']
    __d_controller = __names['__d_controller']
    __d_driver = __names['__d_driver']
    __d_entities = __names['__d_entities']
    __d_feet = __names['__d_feet']
    __d_gait = __names['__d_gait']
    __d_ground_plane = __names['__d_ground_plane']
    __d_inertial = __names['__d_inertial']
    __d_links = __names['__d_links']
    __d_motor = __names['__d_motor']
    __d_provenance = __names['__d_provenance']
    __d_range = __names['__d_range']
    __d_track = __names['__d_track']
    __d_visual = __names['__d_visual']
    __d_wheel = __names['__d_wheel']
    __f_connectors = __names['__f_connectors']
    __f_profiles = __names['__f_profiles']
    __f_spans = __names['__f_spans']
    __factory = __names['__factory']
    def __init__(self, library, id, category, description, file, dir, visual=__d_visual, collision=__d_collision, inertial=__d_inertial, connectors=__factory, profiles=__factory, wheel=__d_wheel, track=__d_track, motor=__d_motor, battery=__d_battery, driver=__d_driver, range=__d_range, contacts=__d_contacts, links=__d_links, feet=__d_feet, gait=__d_gait, controller=__d_controller, provenance=__d_provenance, ground_plane=__d_ground_plane, entities=__d_entities, spans=__factory):
      __own = self.__dict__
      __own['library'] = library
      __own['id'] = id
      __own['category'] = category
      __own['description'] = description
      __own['file'] = file
      __own['dir'] = dir
      __own['visual'] = visual
      __own['collision'] = collision
      __own['inertial'] = inertial
      __own['connectors'] = __f_connectors() if connectors is __factory else connectors
      __own['profiles'] = __f_profiles() if profiles is __factory else profiles
      __own['wheel'] = wheel
      __own['track'] = track
      __own['motor'] = motor
      __own['battery'] = battery
      __own['driver'] = driver
      __own['range'] = range
      __own['contacts'] = contacts
      __own['links'] = links
      __own['feet'] = feet
      __own['gait'] = gait
      __own['controller'] = controller
      __own['provenance'] = provenance
      __own['ground_plane'] = ground_plane
      __own['entities'] = entities
      __own['spans'] = __f_spans() if spans is __factory else spans
    return __init__


def _91(__names):
    def __init__(self, min_m, max_m, field_of_view_rad, rate_hz):
      __own = self.__dict__
      __own['min_m'] = min_m
      __own['max_m'] = max_m
      __own['field_of_view_rad'] = field_of_view_rad
      __own['rate_hz'] = rate_hz
    return __init__


def _92(__names):
    __d_basis = __names['__d_basis']
    def __init__(self, kp, damping, armature, frictionloss, effort, hold, basis=__d_basis):
      __own = self.__dict__
      __own['kp'] = kp
      __own['damping'] = damping
      __own['armature'] = armature
      __own['frictionloss'] = frictionloss
      __own['effort'] = effort
      __own['hold'] = hold
      __own['basis'] = basis
    return __init__


def _93(__names):
    __d_faces = __names['__d_faces']
    __d_vertices = __names['__d_vertices']
    def __init__(self, type, size, origin_xyz, rpy, vertices=__d_vertices, faces=__d_faces):
      __own = self.__dict__
      __own['type'] = type
      __own['size'] = size
      __own['origin_xyz'] = origin_xyz
      __own['rpy'] = rpy
      __own['vertices'] = vertices
      __own['faces'] = faces
    return __init__


def _94(__names):
    def __init__(self, axis, max_angle_rad):
      __own = self.__dict__
      __own['axis'] = axis
      __own['max_angle_rad'] = max_angle_rad
    return __init__


def _95(__names):
    __d_travel_per_turn_m = __names['__d_travel_per_turn_m']
    def __init__(self, width, ground_from, ground_to, travel_per_turn_m=__d_travel_per_turn_m):
      __own = self.__dict__
      __own['width'] = width
      __own['ground_from'] = ground_from
      __own['ground_to'] = ground_to
      __own['travel_per_turn_m'] = travel_per_turn_m
    return __init__


def _96(__names):
    def __init__(self, file, xyz, rpy):
      __own = self.__dict__
      __own['file'] = file
      __own['xyz'] = xyz
      __own['rpy'] = rpy
    return __init__


def _97(__names):
    __d_provenance = __names['__d_provenance']
    __d_trained_kp = __names['__d_trained_kp']
    __f_spans = __names['__f_spans']
    __factory = __names['__factory']
    def __init__(self, library, id, description, file, dir, body, limbs, gait, controller, provenance=__d_provenance, spans=__factory, trained_kp=__d_trained_kp):
      __own = self.__dict__
      __own['library'] = library
      __own['id'] = id
      __own['description'] = description
      __own['file'] = file
      __own['dir'] = dir
      __own['body'] = body
      __own['limbs'] = limbs
      __own['gait'] = gait
      __own['controller'] = controller
      __own['provenance'] = provenance
      __own['spans'] = __f_spans() if spans is __factory else spans
      __own['trained_kp'] = trained_kp
    return __init__


def _98(__names):
    def __init__(self, radius, width):
      __own = self.__dict__
      __own['radius'] = radius
      __own['width'] = width
    return __init__


def _99(__names):
    def __init__(self, inputs, outputs, defined, nodes, external):
      __own = self.__dict__
      __own['inputs'] = inputs
      __own['outputs'] = outputs
      __own['defined'] = defined
      __own['nodes'] = nodes
      __own['external'] = external
    return __init__


def _100(__names):
    def __init__(self, op, name, inputs):
      __own = self.__dict__
      __own['op'] = op
      __own['name'] = name
      __own['inputs'] = inputs
    return __init__


def _101(__names):
    def __init__(self, name, elem_type, dims):
      __own = self.__dict__
      __own['name'] = name
      __own['elem_type'] = elem_type
      __own['dims'] = dims
    return __init__


def _102(__names):
    __d_build = __names['__d_build']
    __d_check = __names['__d_check']
    __d_doc = __names['__d_doc']
    __d_free_form = __names['__d_free_form']
    __d_keys_with_scope = __names['__d_keys_with_scope']
    __d_partial = __names['__d_partial']
    __d_strict_keys = __names['__d_strict_keys']
    def __init__(self, name, steps, doc=__d_doc, build=__d_build, free_form=__d_free_form, strict_keys=__d_strict_keys, check=__d_check, keys_with_scope=__d_keys_with_scope, partial=__d_partial):
      __own = self.__dict__
      __own['name'] = name
      __own['steps'] = steps
      __own['doc'] = doc
      __own['build'] = build
      __own['free_form'] = free_form
      __own['strict_keys'] = strict_keys
      __own['check'] = check
      __own['keys_with_scope'] = keys_with_scope
      __own['partial'] = partial
      self.__post_init__()
    return __init__


def _103(__names):
    __d_allowed = __names['__d_allowed']
    __d_allowed_doc = __names['__d_allowed_doc']
    __d_block = __names['__d_block']
    __d_bound = __names['__d_bound']
    __d_by_rule = __names['__d_by_rule']
    __d_check = __names['__d_check']
    __d_decides = __names['__d_decides']
    __d_doc = __names['__d_doc']
    __d_each = __names['__d_each']
    __d_keyed = __names['__d_keyed']
    __d_not_allowed = __names['__d_not_allowed']
    __d_nullable = __names['__d_nullable']
    __d_options = __names['__d_options']
    __d_required = __names['__d_required']
    __d_required_doc = __names['__d_required_doc']
    __d_required_if = __names['__d_required_if']
    __d_table = __names['__d_table']
    __d_unit = __names['__d_unit']
    __d_what = __names['__d_what']
    __d_why_required = __names['__d_why_required']
    def __init__(self, name, kind, doc=__d_doc, required=__d_required, unit=__d_unit, bound=__d_bound, options=__d_options, nullable=__d_nullable, block=__d_block, check=__d_check, what=__d_what, each=__d_each, table=__d_table, keyed=__d_keyed, by_rule=__d_by_rule, decides=__d_decides, required_if=__d_required_if, why_required=__d_why_required, allowed=__d_allowed, not_allowed=__d_not_allowed, allowed_doc=__d_allowed_doc, required_doc=__d_required_doc):
      __own = self.__dict__
      __own['name'] = name
      __own['kind'] = kind
      __own['doc'] = doc
      __own['required'] = required
      __own['unit'] = unit
      __own['bound'] = bound
      __own['options'] = options
      __own['nullable'] = nullable
      __own['block'] = block
      __own['check'] = check
      __own['what'] = what
      __own['each'] = each
      __own['table'] = table
      __own['keyed'] = keyed
      __own['by_rule'] = by_rule
      __own['decides'] = decides
      __own['required_if'] = required_if
      __own['why_required'] = why_required
      __own['allowed'] = allowed
      __own['not_allowed'] = not_allowed
      __own['allowed_doc'] = allowed_doc
      __own['required_doc'] = required_doc
      self.__post_init__()
    return __init__


def _104(__names):
    __d_before_keys = __names['__d_before_keys']
    __d_doc = __names['__d_doc']
    __d_needs = __names['__d_needs']
    __d_stops = __names['__d_stops']
    def __init__(self, name, check, doc=__d_doc, stops=__d_stops, needs=__d_needs, before_keys=__d_before_keys):
      __own = self.__dict__
      __own['name'] = name
      __own['check'] = check
      __own['doc'] = doc
      __own['stops'] = stops
      __own['needs'] = needs
      __own['before_keys'] = before_keys
    return __init__


def _105(__names):
    def __init__(self, component, name, pos, dir, up, connector):
      __own = self.__dict__
      __own['component'] = component
      __own['name'] = name
      __own['pos'] = pos
      __own['dir'] = dir
      __own['up'] = up
      __own['connector'] = connector
    return __init__


def _106(__names):
    __d_on_shaft = __names['__d_on_shaft']
    __d_reduction = __names['__d_reduction']
    __d_seat = __names['__d_seat']
    def __init__(self, motor, coupling, wheels, seat=__d_seat, reduction=__d_reduction, on_shaft=__d_on_shaft):
      __own = self.__dict__
      __own['motor'] = motor
      __own['coupling'] = coupling
      __own['wheels'] = wheels
      __own['seat'] = seat
      __own['reduction'] = reduction
      __own['on_shaft'] = on_shaft
    return __init__


def _107(__names):
    def __init__(self, rotation, translation):
      __own = self.__dict__
      __own['rotation'] = rotation
      __own['translation'] = translation
    return __init__


def _108(__names):
    __d_command = __names['__d_command']
    __d_connector = __names['__d_connector']
    __d_driven = __names['__d_driven']
    __d_driven_by = __names['__d_driven_by']
    __d_glue_span = __names['__d_glue_span']
    __d_host_connector = __names['__d_host_connector']
    __d_joint = __names['__d_joint']
    __d_joint_axis = __names['__d_joint_axis']
    __d_joint_point = __names['__d_joint_point']
    __d_links = __names['__d_links']
    __d_mount = __names['__d_mount']
    __d_parent = __names['__d_parent']
    __d_power = __names['__d_power']
    __d_reduction = __names['__d_reduction']
    __d_span = __names['__d_span']
    __d_steer = __names['__d_steer']
    def __init__(self, name, type, part, pose, parent=__d_parent, host_connector=__d_host_connector, connector=__d_connector, joint=__d_joint, joint_axis=__d_joint_axis, joint_point=__d_joint_point, mount=__d_mount, steer=__d_steer, driven_by=__d_driven_by, reduction=__d_reduction, driven=__d_driven, power=__d_power, command=__d_command, links=__d_links, span=__d_span, glue_span=__d_glue_span):
      __own = self.__dict__
      __own['name'] = name
      __own['type'] = type
      __own['part'] = part
      __own['pose'] = pose
      __own['parent'] = parent
      __own['host_connector'] = host_connector
      __own['connector'] = connector
      __own['joint'] = joint
      __own['joint_axis'] = joint_axis
      __own['joint_point'] = joint_point
      __own['mount'] = mount
      __own['steer'] = steer
      __own['driven_by'] = driven_by
      __own['reduction'] = reduction
      __own['driven'] = driven
      __own['power'] = power
      __own['command'] = command
      __own['links'] = links
      __own['span'] = span
      __own['glue_span'] = glue_span
    return __init__


def _109(__names):
    __d_joint_axis = __names['__d_joint_axis']
    def __init__(self, name, parent, pose, joint_axis=__d_joint_axis):
      __own = self.__dict__
      __own['name'] = name
      __own['parent'] = parent
      __own['pose'] = pose
      __own['joint_axis'] = joint_axis
    return __init__


def _110(__names):
    __d_quat = __names['__d_quat']
    __d_xyz = __names['__d_xyz']
    def __init__(self, xyz=__d_xyz, quat=__d_quat):
      __own = self.__dict__
      __own['xyz'] = xyz
      __own['quat'] = quat
    return __init__


def _111(__names):
    __d_free_connectors = __names['__d_free_connectors']
    __d_intent = __names['__d_intent']
    __d_span = __names['__d_span']
    __f_occupied = __names['__f_occupied']
    __factory = __names['__factory']
    def __init__(self, name, file, chassis_type, chassis, components, parts, intent=__d_intent, occupied=__factory, free_connectors=__d_free_connectors, span=__d_span):
      __own = self.__dict__
      __own['name'] = name
      __own['file'] = file
      __own['chassis_type'] = chassis_type
      __own['chassis'] = chassis
      __own['components'] = components
      __own['parts'] = parts
      __own['intent'] = intent
      __own['occupied'] = __f_occupied() if occupied is __factory else occupied
      __own['free_connectors'] = free_connectors
      __own['span'] = span
    return __init__


def _112(__names):
    def __init__(self, axis, max_angle_rad, point):
      __own = self.__dict__
      __own['axis'] = axis
      __own['max_angle_rad'] = max_angle_rad
      __own['point'] = point
    return __init__


def _113(__names):
    def __init__(self, name, wheel_mounts, wheel_type, driven, optionally_driven, steered, spin, holonomic, summary):
      __own = self.__dict__
      __own['name'] = name
      __own['wheel_mounts'] = wheel_mounts
      __own['wheel_type'] = wheel_type
      __own['driven'] = driven
      __own['optionally_driven'] = optionally_driven
      __own['steered'] = steered
      __own['spin'] = spin
      __own['holonomic'] = holonomic
      __own['summary'] = summary
    return __init__


def _114(__names):
    def __init__(self, name, kind, required):
      __own = self.__dict__
      __own['name'] = name
      __own['kind'] = kind
      __own['required'] = required
    return __init__


def _115(__names):
    def __init__(self, name, args, summary):
      __own = self.__dict__
      __own['name'] = name
      __own['args'] = args
      __own['summary'] = summary
    return __init__


def _116(__names):
    __d_origin = __names['__d_origin']
    __d_part = __names['__d_part']
    __d_primitive = __names['__d_primitive']
    __d_span = __names['__d_span']
    __d_visual = __names['__d_visual']
    def __init__(self, name, entity, pos, collision, shapes, primitive=__d_primitive, part=__d_part, visual=__d_visual, origin=__d_origin, span=__d_span):
      __own = self.__dict__
      __own['name'] = name
      __own['entity'] = entity
      __own['pos'] = pos
      __own['collision'] = collision
      __own['shapes'] = shapes
      __own['primitive'] = primitive
      __own['part'] = part
      __own['visual'] = visual
      __own['origin'] = origin
      __own['span'] = span
    return __init__


def _117(__names):
    __d_span = __names['__d_span']
    __f_arg_spans = __names['__f_arg_spans']
    __factory = __names['__factory']
    def __init__(self, kind, args, span=__d_span, arg_spans=__factory):
      __own = self.__dict__
      __own['kind'] = kind
      __own['args'] = args
      __own['span'] = span
      __own['arg_spans'] = __f_arg_spans() if arg_spans is __factory else arg_spans
    return __init__


def _118(__names):
    __d_span = __names['__d_span']
    __d_steps = __names['__d_steps']
    def __init__(self, name, file, steps=__d_steps, span=__d_span):
      __own = self.__dict__
      __own['name'] = name
      __own['file'] = file
      __own['steps'] = steps
      __own['span'] = span
    return __init__


def _119(__names):
    __d_entities = __names['__d_entities']
    __d_environment = __names['__d_environment']
    __d_span = __names['__d_span']
    __d_start = __names['__d_start']
    __f_parts = __names['__f_parts']
    __factory = __names['__factory']
    def __init__(self, name, file, ground_plane, start=__d_start, environment=__d_environment, entities=__d_entities, parts=__factory, span=__d_span):
      __own = self.__dict__
      __own['name'] = name
      __own['file'] = file
      __own['ground_plane'] = ground_plane
      __own['start'] = start
      __own['environment'] = environment
      __own['entities'] = entities
      __own['parts'] = __f_parts() if parts is __factory else parts
      __own['span'] = span
    return __init__


def _120(__names):
    __d_context = __names['__d_context']
    __d_parts = __names['__d_parts']
    __d_walkers = __names['__d_walkers']
    def __init__(self, parts=__d_parts, walkers=__d_walkers, context=__d_context):
      __own = self.__dict__
      __own['parts'] = parts
      __own['walkers'] = walkers
      __own['context'] = context
    return __init__


def _121(__names):
    def __init__(self, name, parts, walkers):
      __own = self.__dict__
      __own['name'] = name
      __own['parts'] = parts
      __own['walkers'] = walkers
    return __init__


def _122(__names):
    def __init__(self, body, parts):
      __own = self.__dict__
      __own['body'] = body
      __own['parts'] = parts
    return __init__


def _123(__names):
    __d_also = __names['__d_also']
    __d_needs = __names['__d_needs']
    __d_record = __names['__d_record']
    def __init__(self, name, run, inputs, key, record=__d_record, needs=__d_needs, also=__d_also):
      __own = self.__dict__
      __own['name'] = name
      __own['run'] = run
      __own['inputs'] = inputs
      __own['key'] = key
      __own['record'] = record
      __own['needs'] = needs
      __own['also'] = also
    return __init__


def _124(__names):
    __d_core = __names['__d_core']
    __d_task = __names['__d_task']
    __d_world = __names['__d_world']
    def __init__(self, core=__d_core, world=__d_world, task=__d_task):
      __own = self.__dict__
      __own['core'] = core
      __own['world'] = world
      __own['task'] = task
    return __init__


def _125(__names):
    def __init__(self, resolved, walkers):
      __own = self.__dict__
      __own['resolved'] = resolved
      __own['walkers'] = walkers
    return __init__


def _126(__names):
    __d_error = __names['__d_error']
    def __init__(self, path, text, error=__d_error):
      __own = self.__dict__
      __own['path'] = path
      __own['text'] = text
      __own['error'] = error
    return __init__


def _127(__names):
    __d_analysis = __names['__d_analysis']
    __d_outdir = __names['__d_outdir']
    __d_output_error = __names['__d_output_error']
    __d_report_dir = __names['__d_report_dir']
    __d_robot = __names['__d_robot']
    __d_task = __names['__d_task']
    __d_world = __names['__d_world']
    __f_changed_files = __names['__f_changed_files']
    __f_diagnostics = __names['__f_diagnostics']
    __f_libraries = __names['__f_libraries']
    __f_phases_run = __names['__f_phases_run']
    __f_written_files = __names['__f_written_files']
    __factory = __names['__factory']
    def __init__(self, diagnostics=__factory, robot=__d_robot, world=__d_world, task=__d_task, analysis=__d_analysis, written_files=__factory, changed_files=__factory, libraries=__factory, outdir=__d_outdir, phases_run=__factory, output_error=__d_output_error, report_dir=__d_report_dir):
      self.diagnostics = __f_diagnostics() if diagnostics is __factory else diagnostics
      self.robot = robot
      self.world = world
      self.task = task
      self.analysis = analysis
      self.written_files = __f_written_files() if written_files is __factory else written_files
      self.changed_files = __f_changed_files() if changed_files is __factory else changed_files
      self.libraries = __f_libraries() if libraries is __factory else libraries
      self.outdir = outdir
      self.phases_run = __f_phases_run() if phases_run is __factory else phases_run
      self.output_error = output_error
      self.report_dir = report_dir
    return __init__


def _128(__names):
    __d_templates = __names['__d_templates']
    def __init__(self, root, libraries, templates=__d_templates):
      __own = self.__dict__
      __own['root'] = root
      __own['libraries'] = libraries
      __own['templates'] = templates
    return __init__


def _129(__names):
    def __init__(self, span, label, primary):
      __own = self.__dict__
      __own['span'] = span
      __own['label'] = label
      __own['primary'] = primary
    return __init__


def _130(__names):
    __d_span = __names['__d_span']
    def __init__(self, values, span=__d_span):
      __own = self.__dict__
      __own['values'] = values
      __own['span'] = span
    return __init__


def _131(__names):
    __d_intent = __names['__d_intent']
    __d_span = __names['__d_span']
    __d_task = __names['__d_task']
    def __init__(self, name, file, components, chassis, chassis_type, world, task=__d_task, intent=__d_intent, span=__d_span):
      __own = self.__dict__
      __own['name'] = name
      __own['file'] = file
      __own['components'] = components
      __own['chassis'] = chassis
      __own['chassis_type'] = chassis_type
      __own['world'] = world
      __own['task'] = task
      __own['intent'] = intent
      __own['span'] = span
    return __init__


def _132(__names):
    __d_chassis = __names['__d_chassis']
    __d_command = __names['__d_command']
    __d_command_span = __names['__d_command_span']
    __d_glue = __names['__d_glue']
    __d_name_span = __names['__d_name_span']
    __d_power = __names['__d_power']
    __d_power_span = __names['__d_power_span']
    __d_ref_span = __names['__d_ref_span']
    __d_span = __names['__d_span']
    def __init__(self, name, type, part, chassis=__d_chassis, glue=__d_glue, power=__d_power, command=__d_command, span=__d_span, name_span=__d_name_span, ref_span=__d_ref_span, power_span=__d_power_span, command_span=__d_command_span):
      __own = self.__dict__
      __own['name'] = name
      __own['type'] = type
      __own['part'] = part
      __own['chassis'] = chassis
      __own['glue'] = glue
      __own['power'] = power
      __own['command'] = command
      __own['span'] = span
      __own['name_span'] = name_span
      __own['ref_span'] = ref_span
      __own['power_span'] = power_span
      __own['command_span'] = command_span
    return __init__


def _133(__names):
    def __init__(self, components, chassis, chassis_type):
      __own = self.__dict__
      __own['components'] = components
      __own['chassis'] = chassis
      __own['chassis_type'] = chassis_type
    return __init__


def _134(__names):
    __d_command = __names['__d_command']
    __d_glue = __names['__d_glue']
    __d_ok = __names['__d_ok']
    __d_part = __names['__d_part']
    __d_power = __names['__d_power']
    __f_wrong_refs = __names['__f_wrong_refs']
    __factory = __names['__factory']
    def __init__(self, item, name, type, part=__d_part, glue=__d_glue, power=__d_power, command=__d_command, ok=__d_ok, wrong_refs=__factory):
      self.item = item
      self.name = name
      self.type = type
      self.part = part
      self.glue = glue
      self.power = power
      self.command = command
      self.ok = ok
      self.wrong_refs = __f_wrong_refs() if wrong_refs is __factory else wrong_refs
    return __init__


def _135(__names):
    def __init__(self, chassis, radius, goals, accel, turn_accel):
      __own = self.__dict__
      __own['chassis'] = chassis
      __own['radius'] = radius
      __own['goals'] = goals
      __own['accel'] = accel
      __own['turn_accel'] = turn_accel
    return __init__


def _136(__names):
    __d_brake = __names['__d_brake']
    __d_min_radius = __names['__d_min_radius']
    def __init__(self, holonomic, can_spin, max_speed, max_turn, min_radius=__d_min_radius, brake=__d_brake):
      __own = self.__dict__
      __own['holonomic'] = holonomic
      __own['can_spin'] = can_spin
      __own['max_speed'] = max_speed
      __own['max_turn'] = max_turn
      __own['min_radius'] = min_radius
      __own['brake'] = brake
    return __init__


def _137(__names):
    def __init__(self, clearance, origin, resolution):
      __own = self.__dict__
      __own['clearance'] = clearance
      __own['origin'] = origin
      __own['resolution'] = resolution
    return __init__


def _138(__names):
    __d_reason = __names['__d_reason']
    def __init__(self, path, radius, reason=__d_reason):
      __own = self.__dict__
      __own['path'] = path
      __own['radius'] = radius
      __own['reason'] = reason
    return __init__


def _139(__names):
    __d_assets = __names['__d_assets']
    __d_diagnostics = __names['__d_diagnostics']
    __f_files = __names['__f_files']
    __factory = __names['__factory']
    def __init__(self, files=__factory, assets=__d_assets, diagnostics=__d_diagnostics):
      __own = self.__dict__
      __own['files'] = __f_files() if files is __factory else files
      __own['assets'] = assets
      __own['diagnostics'] = diagnostics
    return __init__


def _140(__names):
    def __init__(self, component, type, radius, centre, axle, sign, roller_axis):
      __own = self.__dict__
      __own['component'] = component
      __own['type'] = type
      __own['radius'] = radius
      __own['centre'] = centre
      __own['axle'] = axle
      __own['sign'] = sign
      __own['roller_axis'] = roller_axis
    return __init__


def _141(__names):
    __f_actuators = __names['__f_actuators']
    __f_comments = __names['__f_comments']
    __f_equalities = __names['__f_equalities']
    __f_meshes = __names['__f_meshes']
    __f_sensors = __names['__f_sensors']
    __f_tendons = __names['__f_tendons']
    __factory = __names['__factory']
    def __init__(self, meshes=__factory, actuators=__factory, tendons=__factory, equalities=__factory, sensors=__factory, comments=__factory):
      self.meshes = __f_meshes() if meshes is __factory else meshes
      self.actuators = __f_actuators() if actuators is __factory else actuators
      self.tendons = __f_tendons() if tendons is __factory else tendons
      self.equalities = __f_equalities() if equalities is __factory else equalities
      self.sensors = __f_sensors() if sensors is __factory else sensors
      self.comments = __f_comments() if comments is __factory else comments
    return __init__


def _142(__names):
    __d_error = __names['__d_error']
    __d_files = __names['__d_files']
    def __init__(self, folder, files=__d_files, error=__d_error):
      __own = self.__dict__
      __own['folder'] = folder
      __own['files'] = files
      __own['error'] = error
    return __init__


def _143(__names):
    __d_error = __names['__d_error']
    def __init__(self, name, path, text, error=__d_error):
      __own = self.__dict__
      __own['name'] = name
      __own['path'] = path
      __own['text'] = text
      __own['error'] = error
    return __init__


def _144(__names):
    def __init__(self, name, piece, axis, radius):
      __own = self.__dict__
      __own['name'] = name
      __own['piece'] = piece
      __own['axis'] = axis
      __own['radius'] = radius
    return __init__


def _145(__names):
    def __init__(self, name, world_name, height, tree, files, assets):
      __own = self.__dict__
      __own['name'] = name
      __own['world_name'] = world_name
      __own['height'] = height
      __own['tree'] = tree
      __own['files'] = files
      __own['assets'] = assets
    return __init__


def _146(__names):
    def __init__(self, samples, angle_min, angle_max, range_min, range_max, rate_hz):
      __own = self.__dict__
      __own['samples'] = samples
      __own['angle_min'] = angle_min
      __own['angle_max'] = angle_max
      __own['range_min'] = range_min
      __own['range_max'] = range_max
      __own['rate_hz'] = rate_hz
    return __init__


def _147(__names):
    __d_rpy = __names['__d_rpy']
    __d_size = __names['__d_size']
    __d_uri = __names['__d_uri']
    __d_xyz = __names['__d_xyz']
    def __init__(self, kind, size=__d_size, uri=__d_uri, xyz=__d_xyz, rpy=__d_rpy):
      __own = self.__dict__
      __own['kind'] = kind
      __own['size'] = size
      __own['uri'] = uri
      __own['xyz'] = xyz
      __own['rpy'] = rpy
    return __init__


def _148(__names):
    __d_axis = __names['__d_axis']
    __d_effort = __names['__d_effort']
    __d_limit = __names['__d_limit']
    __d_velocity = __names['__d_velocity']
    def __init__(self, name, type, parent, child, xyz, rpy, axis=__d_axis, limit=__d_limit, effort=__d_effort, velocity=__d_velocity):
      __own = self.__dict__
      __own['name'] = name
      __own['type'] = type
      __own['parent'] = parent
      __own['child'] = child
      __own['xyz'] = xyz
      __own['rpy'] = rpy
      __own['axis'] = axis
      __own['limit'] = limit
      __own['effort'] = effort
      __own['velocity'] = velocity
    return __init__


def _149(__names):
    __d_component = __names['__d_component']
    __d_friction = __names['__d_friction']
    __d_inertial = __names['__d_inertial']
    __f_collisions = __names['__f_collisions']
    __f_visuals = __names['__f_visuals']
    __factory = __names['__factory']
    def __init__(self, name, inertial=__d_inertial, visuals=__factory, collisions=__factory, component=__d_component, friction=__d_friction):
      self.name = name
      self.inertial = inertial
      self.visuals = __f_visuals() if visuals is __factory else visuals
      self.collisions = __f_collisions() if collisions is __factory else collisions
      self.component = component
      self.friction = friction
    return __init__


def _150(__names):
    __f_hub_limits = __names['__f_hub_limits']
    __f_joints = __names['__f_joints']
    __f_links = __names['__f_links']
    __f_meshes = __names['__f_meshes']
    __f_steer_joints = __names['__f_steer_joints']
    __f_wheel_joints = __names['__f_wheel_joints']
    __factory = __names['__factory']
    def __init__(self, links=__factory, joints=__factory, meshes=__factory, wheel_joints=__factory, steer_joints=__factory, hub_limits=__factory):
      self.links = __f_links() if links is __factory else links
      self.joints = __f_joints() if joints is __factory else joints
      self.meshes = __f_meshes() if meshes is __factory else meshes
      self.wheel_joints = __f_wheel_joints() if wheel_joints is __factory else wheel_joints
      self.steer_joints = __f_steer_joints() if steer_joints is __factory else steer_joints
      self.hub_limits = __f_hub_limits() if hub_limits is __factory else hub_limits
    return __init__


def _151(__names):
    __d_raw = __names['__d_raw']
    __f_key_spans = __names['__f_key_spans']
    __factory = __names['__factory']
    def __init__(self, kind, value, span, raw=__d_raw, key_spans=__factory):
      __own = self.__dict__
      __own['kind'] = kind
      __own['value'] = value
      __own['span'] = span
      __own['raw'] = raw
      __own['key_spans'] = __f_key_spans() if key_spans is __factory else key_spans
    return __init__


def _152(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    plain_triple = __names['plain_triple']
    read_0 = __names['read_0']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('link')
        if child is None:
            ok = False
        else:
            value = read_0(F, child, (path + '.link' if path else 'link'), scope)
            if value is None:
                ok = False
            values['link'] = value
        child = given.get('xyz')
        if child is None:
            ok = False
        else:
            items = child.value
            value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None
            if value is None:
                value = F.vec3(child, (path + '.xyz' if path else 'xyz'), False, False)
            if value is None:
                ok = False
            values['xyz'] = value
        child = given.get('rpy')
        if child is None:
            ok = False
        else:
            items = child.value
            value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None
            if value is None:
                value = F.vec3(child, (path + '.rpy' if path else 'rpy'), False, False)
            if value is None:
                ok = False
            values['rpy'] = value
        if not ok or not keys_ok:
            return None
        return BUILD(values)
    return read


def _153(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    plain_value = __names['plain_value']
    read_1 = __names['read_1']
    rule_4 = __names['rule_4']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('frequency')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.frequency' if path else 'frequency'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['frequency'] = value
        child = given.get('offsets')
        if child is None:
            ok = False
        else:
            value = read_1(F, child, (path + '.offsets' if path else 'offsets'), scope)
            if value is None:
                ok = False
            values['offsets'] = value
        child = given.get('still_below')
        if child is None:
            pass
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.still_below' if path else 'still_below'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['still_below'] = value
        child = given.get('still_at')
        if child is None:
            pass
        else:
            value = plain_value(child)
            if value is None:
                value = F.number(child, (path + '.still_at' if path else 'still_at'), positive=False, nonnegative=False)
            if value is None:
                ok = False
            values['still_at'] = value
        if not rule_4(F, node, path, values, scope):
            ok = False
        if not ok or not keys_ok:
            return None
        return BUILD(values)
    return read


def _154(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    plain_value = __names['plain_value']
    read_1 = __names['read_1']
    read_2 = __names['read_2']
    read_3 = __names['read_3']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('timestep')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.timestep' if path else 'timestep'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['timestep'] = value
        child = given.get('integrator')
        if child is None:
            ok = False
        else:
            value = read_1(F, child, (path + '.integrator' if path else 'integrator'), scope)
            if value is None:
                ok = False
            values['integrator'] = value
        child = given.get('iterations')
        if child is None:
            ok = False
        else:
            value = read_2(F, child, (path + '.iterations' if path else 'iterations'), scope)
            if value is None:
                ok = False
            values['iterations'] = value
        child = given.get('ls_iterations')
        if child is None:
            ok = False
        else:
            value = read_3(F, child, (path + '.ls_iterations' if path else 'ls_iterations'), scope)
            if value is None:
                ok = False
            values['ls_iterations'] = value
        child = given.get('eulerdamp')
        if child is None:
            ok = False
        else:
            value = F.boolean(child, (path + '.eulerdamp' if path else 'eulerdamp'))
            if value is None:
                ok = False
            values['eulerdamp'] = value
        if not ok or not keys_ok:
            return None
        return BUILD(values)
    return read


def _155(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    plain_value = __names['plain_value']
    rule_2 = __names['rule_2']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('period')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.period' if path else 'period'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['period'] = value
        child = given.get('duty')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None:
                value = F.number(child, (path + '.duty' if path else 'duty'), positive=False, nonnegative=False)
            if value is None:
                ok = False
            values['duty'] = value
        if not rule_2(F, node, path, values, scope):
            ok = False
        child = given.get('step_height')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.step_height' if path else 'step_height'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['step_height'] = value
        if not ok or not keys_ok:
            return None
        return BUILD(values)
    return read


def _156(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    read_0 = __names['read_0']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('gait')
        if child is None:
            ok = False
        else:
            value = read_0(F, child, (path + '.gait' if path else 'gait'), scope)
            if value is None:
                ok = False
            values['gait'] = value
        child = given.get('basis')
        if child is None:
            ok = False
        else:
            value = child.value if child.kind == 'str' else F.string(child, (path + '.basis' if path else 'basis'), nullable=False)
            if value is None:
                ok = False
            values['basis'] = value
        if not ok or not keys_ok:
            return None
        return BUILD(values)
    return read


def _157(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    plain_value = __names['plain_value']
    read_0 = __names['read_0']
    read_2 = __names['read_2']
    read_3 = __names['read_3']
    read_4 = __names['read_4']
    read_8 = __names['read_8']
    rule_7 = __names['rule_7']
    rule_9 = __names['rule_9']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('policy')
        if child is None:
            ok = False
        else:
            value = read_0(F, child, (path + '.policy' if path else 'policy'), scope)
            if value is None:
                ok = False
            values['policy'] = value
        child = given.get('period')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.period' if path else 'period'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['period'] = value
        child = given.get('imu')
        if child is None:
            ok = False
        else:
            value = read_2(F, child, (path + '.imu' if path else 'imu'), scope)
            if value is None:
                ok = False
            values['imu'] = value
        child = given.get('observation')
        if child is None:
            ok = False
        else:
            value = read_3(F, child, (path + '.observation' if path else 'observation'), scope)
            if value is None:
                ok = False
            values['observation'] = value
        child = given.get('hidden')
        if child is None:
            pass
        else:
            value = read_4(F, child, (path + '.hidden' if path else 'hidden'), scope)
            if value is None:
                ok = False
            values['hidden'] = value
        child = given.get('action_scale')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.action_scale' if path else 'action_scale'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['action_scale'] = value
        if not rule_7(F, node, path, values, scope):
            ok = False
        child = given.get('simulator')
        if child is None:
            ok = False
        else:
            value = read_8(F, child, (path + '.simulator' if path else 'simulator'), scope)
            if value is None:
                ok = False
            values['simulator'] = value
        if not rule_9(F, node, path, values, scope):
            ok = False
        child = given.get('basis')
        if child is None:
            ok = False
        else:
            value = child.value if child.kind == 'str' else F.string(child, (path + '.basis' if path else 'basis'), nullable=False)
            if value is None:
                ok = False
            values['basis'] = value
        if not ok or not keys_ok:
            return None
        return BUILD(values)
    return read


def _158(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    plain_value = __names['plain_value']
    read_0 = __names['read_0']
    read_2 = __names['read_2']
    read_3 = __names['read_3']
    read_4 = __names['read_4']
    read_8 = __names['read_8']
    rule_7 = __names['rule_7']
    rule_9 = __names['rule_9']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('policy')
        if child is None:
            ok = False
        else:
            value = read_0(F, child, (path + '.policy' if path else 'policy'), scope)
            if value is None:
                ok = False
            values['policy'] = value
        child = given.get('period')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.period' if path else 'period'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['period'] = value
        child = given.get('imu')
        if child is None:
            ok = False
        else:
            value = read_2(F, child, (path + '.imu' if path else 'imu'), scope)
            if value is None:
                ok = False
            values['imu'] = value
        child = given.get('observation')
        if child is None:
            ok = False
        else:
            value = read_3(F, child, (path + '.observation' if path else 'observation'), scope)
            if value is None:
                ok = False
            values['observation'] = value
        child = given.get('hidden')
        if child is None:
            pass
        else:
            value = read_4(F, child, (path + '.hidden' if path else 'hidden'), scope)
            if value is None:
                ok = False
            values['hidden'] = value
        child = given.get('action_scale')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.action_scale' if path else 'action_scale'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['action_scale'] = value
        if not rule_7(F, node, path, values, scope):
            ok = False
        child = given.get('simulator')
        if child is None:
            ok = False
        else:
            value = read_8(F, child, (path + '.simulator' if path else 'simulator'), scope)
            if value is None:
                ok = False
            values['simulator'] = value
        if not rule_9(F, node, path, values, scope):
            ok = False
        child = given.get('basis')
        if child is None:
            ok = False
        else:
            value = child.value if child.kind == 'str' else F.string(child, (path + '.basis' if path else 'basis'), nullable=False)
            if value is None:
                ok = False
            values['basis'] = value
        if given.get('joints') is None:
            ok = False
        if not ok or not keys_ok:
            return None
        return BUILD(values)
    return read


def _159(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    options_3 = __names['options_3']
    plain_triple = __names['plain_triple']
    plain_value = __names['plain_value']
    read_2 = __names['read_2']
    rule_5 = __names['rule_5']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('mass')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.mass' if path else 'mass'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['mass'] = value
        child = given.get('origin_xyz')
        if child is None:
            ok = False
        else:
            items = child.value
            value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None
            if value is None:
                value = F.vec3(child, (path + '.origin_xyz' if path else 'origin_xyz'), False, False)
            if value is None:
                ok = False
            values['origin_xyz'] = value
        child = given.get('inertia')
        if child is None:
            ok = False
        else:
            value = read_2(F, child, (path + '.inertia' if path else 'inertia'), scope)
            if value is None:
                ok = False
            values['inertia'] = value
        child = given.get('source')
        if child is None:
            ok = False
        else:
            value = F.choice(child, (path + '.source' if path else 'source'), options_3)
            if value is None:
                ok = False
            values['source'] = value
        child = given.get('basis')
        if child is None:
            pass
        else:
            value = child.value if child.kind == 'str' else F.string(child, (path + '.basis' if path else 'basis'), nullable=True)
            values['basis'] = value
        if not rule_5(F, node, path, values, scope):
            ok = False
        if not ok:
            return None
        return BUILD(values)
    return read


def _160(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    plain_triple = __names['plain_triple']
    read_0 = __names['read_0']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('type')
        if child is None:
            ok = False
        else:
            value = read_0(F, child, (path + '.type' if path else 'type'), scope)
            if value is None:
                ok = False
            values['type'] = value
        child = given.get('size')
        if child is None:
            ok = False
        else:
            items = child.value
            value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None
            if value is None or not (value[0] > 0 and value[1] > 0 and value[2] > 0):
                value = F.vec3(child, (path + '.size' if path else 'size'), True, False)
            if value is None:
                ok = False
            values['size'] = value
        child = given.get('origin_xyz')
        if child is None:
            ok = False
        else:
            items = child.value
            value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None
            if value is None:
                value = F.vec3(child, (path + '.origin_xyz' if path else 'origin_xyz'), False, False)
            if value is None:
                ok = False
            values['origin_xyz'] = value
        child = given.get('rpy')
        if child is None:
            ok = False
        else:
            items = child.value
            value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None
            if value is None:
                value = F.vec3(child, (path + '.rpy' if path else 'rpy'), False, False)
            if value is None:
                ok = False
            values['rpy'] = value
        if not ok or not keys_ok:
            return None
        return BUILD(values)
    return read


def _161(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    plain_value = __names['plain_value']
    rule_6 = __names['rule_6']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('kp')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.kp' if path else 'kp'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['kp'] = value
        child = given.get('damping')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or value < 0:
                value = F.number(child, (path + '.damping' if path else 'damping'), positive=False, nonnegative=True)
            if value is None:
                ok = False
            values['damping'] = value
        child = given.get('armature')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or value < 0:
                value = F.number(child, (path + '.armature' if path else 'armature'), positive=False, nonnegative=True)
            if value is None:
                ok = False
            values['armature'] = value
        child = given.get('frictionloss')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or value < 0:
                value = F.number(child, (path + '.frictionloss' if path else 'frictionloss'), positive=False, nonnegative=True)
            if value is None:
                ok = False
            values['frictionloss'] = value
        child = given.get('effort')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.effort' if path else 'effort'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['effort'] = value
        child = given.get('hold')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None:
                value = F.number(child, (path + '.hold' if path else 'hold'), positive=False, nonnegative=False)
            if value is None:
                ok = False
            values['hold'] = value
        if not rule_6(F, node, path, values, scope):
            ok = False
        child = given.get('basis')
        if child is None:
            pass
        else:
            value = child.value if child.kind == 'str' else F.string(child, (path + '.basis' if path else 'basis'), nullable=False)
            if value is None:
                ok = False
            values['basis'] = value
        if not ok or not keys_ok:
            return None
        return BUILD(values)
    return read


def _162(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    plain_triple = __names['plain_triple']
    required_if_4 = __names['required_if_4']
    required_if_5 = __names['required_if_5']
    rule_0 = __names['rule_0']
    rule_6 = __names['rule_6']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        values = {}
        ok = True
        if not rule_0(F, node, path, values, scope):
            ok = False
        required = REQUIRED
        if required_if_4(scope):
            required = required + ('axis',)
        if required_if_5(scope):
            required = required + ('range',)
        keys_ok = (keys <= ALLOWED_KEYS and keys >= set(required)) or F.keys(node, path, required, OPTIONAL, False)
        if given.get('type') is None:
            ok = False
        child = given.get('xyz')
        if child is None:
            ok = False
        else:
            items = child.value
            value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None
            if value is None:
                value = F.vec3(child, (path + '.xyz' if path else 'xyz'), False, False)
            if value is None:
                ok = False
            values['xyz'] = value
        child = given.get('rpy')
        if child is None:
            ok = False
        else:
            items = child.value
            value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None
            if value is None:
                value = F.vec3(child, (path + '.rpy' if path else 'rpy'), False, False)
            if value is None:
                ok = False
            values['rpy'] = value
        if not rule_6(F, node, path, values, scope):
            ok = False
        if not ok or not keys_ok:
            return None
        return BUILD(values)
    return read


def _163(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    read_0 = __names['read_0']
    read_1 = __names['read_1']
    read_2 = __names['read_2']
    read_3 = __names['read_3']
    read_4 = __names['read_4']
    rule_5 = __names['rule_5']
    rule_7 = __names['rule_7']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('parent')
        if child is None:
            ok = False
        else:
            value = read_0(F, child, (path + '.parent' if path else 'parent'), scope)
            if value is None:
                ok = False
            values['parent'] = value
        child = given.get('joint')
        if child is None:
            ok = False
        else:
            value = read_1(F, child, (path + '.joint' if path else 'joint'), scope)
            if value is None:
                ok = False
            values['joint'] = value
        child = given.get('inertial')
        if child is None:
            ok = False
        else:
            value = read_2(F, child, (path + '.inertial' if path else 'inertial'), scope)
            if value is None:
                ok = False
            values['inertial'] = value
        child = given.get('visual')
        if child is None:
            ok = False
        else:
            value = read_3(F, child, (path + '.visual' if path else 'visual'), scope)
            if value is None:
                ok = False
            values['visual'] = value
        child = given.get('collision')
        if child is None:
            pass
        else:
            value = read_4(F, child, (path + '.collision' if path else 'collision'), scope)
            if value is None:
                ok = False
            values['collision'] = value
        if not rule_5(F, node, path, values, scope):
            ok = False
        if not rule_7(F, node, path, values, scope):
            ok = False
        if not ok or not keys_ok:
            return None
        return values
    return read


def _164(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    plain_value = __names['plain_value']
    read_0 = __names['read_0']
    read_1 = __names['read_1']
    rule_3 = __names['rule_3']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('link')
        if child is None:
            ok = False
        else:
            value = read_0(F, child, (path + '.link' if path else 'link'), scope)
            if value is None:
                ok = False
            values['link'] = value
        child = given.get('shape')
        if child is None:
            ok = False
        else:
            value = read_1(F, child, (path + '.shape' if path else 'shape'), scope)
            if value is None:
                ok = False
            values['shape'] = value
        child = given.get('friction')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.friction' if path else 'friction'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['friction'] = value
        if not rule_3(F, node, path, values, scope):
            ok = False
        if not ok or not keys_ok:
            return None
        return values
    return read


def _165(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    read_0 = __names['read_0']
    read_1 = __names['read_1']
    read_2 = __names['read_2']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('ahead')
        if child is None:
            ok = False
        else:
            value = read_0(F, child, (path + '.ahead' if path else 'ahead'), scope)
            if value is None:
                ok = False
            values['ahead'] = value
        child = given.get('aside')
        if child is None:
            ok = False
        else:
            value = read_1(F, child, (path + '.aside' if path else 'aside'), scope)
            if value is None:
                ok = False
            values['aside'] = value
        child = given.get('turn')
        if child is None:
            ok = False
        else:
            value = read_2(F, child, (path + '.turn' if path else 'turn'), scope)
            if value is None:
                ok = False
            values['turn'] = value
        if not ok or not keys_ok:
            return None
        return BUILD(values)
    return read


def _166(__names):
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    options_3 = __names['options_3']
    read_2 = __names['read_2']
    rule_1 = __names['rule_1']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = keys >= REQUIRED_KEYS or F.keys(node, path, REQUIRED, OPTIONAL, True)
        values = {}
        ok = True
        child = given.get('schema_version')
        if child is None:
            ok = False
        else:
            value = F.integer(child, (path + '.schema_version' if path else 'schema_version'), positive=False)
            if value is None:
                ok = False
            values['schema_version'] = value
        if not rule_1(F, node, path, values, scope):
            ok = False
        child = given.get('id')
        if child is None:
            ok = False
        else:
            value = read_2(F, child, (path + '.id' if path else 'id'), scope)
            if value is None:
                ok = False
            values['id'] = value
        child = given.get('category')
        if child is None:
            ok = False
        else:
            value = F.choice(child, (path + '.category' if path else 'category'), options_3)
            if value is None:
                ok = False
            values['category'] = value
        child = given.get('description')
        if child is None:
            ok = False
        else:
            value = child.value if child.kind == 'str' else F.string(child, (path + '.description' if path else 'description'), nullable=False)
            if value is None:
                ok = False
            values['description'] = value
        return values
    return read


def _167(__names):
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = keys >= REQUIRED_KEYS or F.keys(node, path, REQUIRED, OPTIONAL, True)
        values = {}
        ok = True
        child = given.get('name')
        if child is None:
            pass
        else:
            value = child.value if child.kind == 'str' else F.string(child, (path + '.name' if path else 'name'), nullable=True)
            values['name'] = value
        child = given.get('manufacturer')
        if child is None:
            pass
        else:
            value = child.value if child.kind == 'str' else F.string(child, (path + '.manufacturer' if path else 'manufacturer'), nullable=True)
            values['manufacturer'] = value
        child = given.get('source_url')
        if child is None:
            pass
        else:
            value = child.value if child.kind == 'str' else F.string(child, (path + '.source_url' if path else 'source_url'), nullable=True)
            values['source_url'] = value
        child = given.get('license')
        if child is None:
            pass
        else:
            value = child.value if child.kind == 'str' else F.string(child, (path + '.license' if path else 'license'), nullable=True)
            values['license'] = value
        if not ok:
            return None
        return values
    return read


def _168(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    read_5 = __names['read_5']
    rule_4 = __names['rule_4']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('entity')
        if child is None:
            ok = False
        else:
            value = child.value if child.kind == 'str' else F.string(child, (path + '.entity' if path else 'entity'), nullable=False)
            if value is None:
                ok = False
            values['entity'] = value
        if not rule_4(F, node, path, values, scope):
            ok = False
        child = given.get('pos')
        if child is None:
            ok = False
        else:
            value = read_5(F, child, (path + '.pos' if path else 'pos'), scope)
            if value is None:
                ok = False
            values['pos'] = value
        child = given.get('collision')
        if child is None:
            pass
        else:
            value = F.boolean(child, (path + '.collision' if path else 'collision'))
            if value is None:
                ok = False
            values['collision'] = value
        if not ok:
            return None
        return values
    return read


def _169(__names):
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    read_0 = __names['read_0']
    read_1 = __names['read_1']
    read_2 = __names['read_2']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = keys >= REQUIRED_KEYS or F.keys(node, path, REQUIRED, OPTIONAL, True)
        values = {}
        ok = True
        child = given.get('visual')
        if child is None:
            ok = False
        else:
            value = read_0(F, child, (path + '.visual' if path else 'visual'), scope)
            if value is None:
                ok = False
            values['visual'] = value
        child = given.get('collision')
        if child is None:
            pass
        else:
            value = read_1(F, child, (path + '.collision' if path else 'collision'), scope)
            values['collision'] = value
        child = given.get('provenance')
        if child is None:
            pass
        else:
            value = read_2(F, child, (path + '.provenance' if path else 'provenance'), scope)
            if value is None:
                ok = False
            values['provenance'] = value
        if not ok:
            return None
        return values
    return read


def _170(__names):
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    read_1 = __names['read_1']
    read_2 = __names['read_2']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = keys >= REQUIRED_KEYS or F.keys(node, path, REQUIRED, OPTIONAL, True)
        values = {}
        ok = True
        child = given.get('ground_plane')
        if child is None:
            ok = False
        else:
            value = F.boolean(child, (path + '.ground_plane' if path else 'ground_plane'))
            if value is None:
                ok = False
            values['ground_plane'] = value
        child = given.get('entities')
        if child is None:
            ok = False
        else:
            value = read_1(F, child, (path + '.entities' if path else 'entities'), scope)
            if value is None:
                ok = False
            values['entities'] = value
        child = given.get('provenance')
        if child is None:
            pass
        else:
            value = read_2(F, child, (path + '.provenance' if path else 'provenance'), scope)
            if value is None:
                ok = False
            values['provenance'] = value
        if not ok:
            return None
        return values
    return read


def _171(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    rule_5 = __names['rule_5']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('type')
        if child is None:
            ok = False
        else:
            value = child.value if child.kind == 'str' else F.string(child, (path + '.type' if path else 'type'), nullable=False)
            if value is None:
                ok = False
            values['type'] = value
        if not rule_5(F, node, path, values, scope):
            ok = False
        if not ok:
            return None
        return BUILD(values)
    return read


def _172(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    plain_value = __names['plain_value']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('radius')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.radius' if path else 'radius'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['radius'] = value
        child = given.get('width')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.width' if path else 'width'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['width'] = value
        if not ok:
            return None
        return BUILD(values)
    return read


def _173(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    plain_triple = __names['plain_triple']
    rule_2 = __names['rule_2']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('from')
        if child is None:
            ok = False
        else:
            items = child.value
            value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None
            if value is None:
                value = F.vec3(child, (path + '.from' if path else 'from'), False, False)
            if value is None:
                ok = False
            values['from'] = value
        child = given.get('to')
        if child is None:
            ok = False
        else:
            items = child.value
            value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None
            if value is None:
                value = F.vec3(child, (path + '.to' if path else 'to'), False, False)
            if value is None:
                ok = False
            values['to'] = value
        if 'from' in given and 'to' in given and not rule_2(F, node, path, values, scope):
            ok = False
        if not ok:
            return None
        return BUILD(values)
    return read


def _174(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    plain_value = __names['plain_value']
    read_2 = __names['read_2']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('width')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.width' if path else 'width'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['width'] = value
        child = given.get('travel_per_turn_m')
        if child is None:
            pass
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.travel_per_turn_m' if path else 'travel_per_turn_m'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['travel_per_turn_m'] = value
        child = given.get('ground')
        if child is None:
            ok = False
        else:
            value = read_2(F, child, (path + '.ground' if path else 'ground'), scope)
            if value is None:
                ok = False
            values['ground'] = value
        if not ok:
            return None
        return BUILD(values)
    return read


def _175(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    plain_value = __names['plain_value']
    rule_6 = __names['rule_6']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('rated_voltage_v')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.rated_voltage_v' if path else 'rated_voltage_v'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['rated_voltage_v'] = value
        child = given.get('no_load_speed_rad_s')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.no_load_speed_rad_s' if path else 'no_load_speed_rad_s'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['no_load_speed_rad_s'] = value
        child = given.get('stall_torque_nm')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.stall_torque_nm' if path else 'stall_torque_nm'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['stall_torque_nm'] = value
        child = given.get('stall_current_a')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.stall_current_a' if path else 'stall_current_a'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['stall_current_a'] = value
        if not rule_6(F, node, path, values, scope):
            ok = False
        child = given.get('bus')
        if child is None:
            pass
        else:
            value = F.identifier(child, (path + '.bus' if path else 'bus'))
            if value is None:
                ok = False
            values['bus'] = value
        if not ok:
            return None
        return BUILD(values)
    return read


def _176(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    plain_value = __names['plain_value']
    rule_3 = __names['rule_3']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('voltage_nominal_v')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.voltage_nominal_v' if path else 'voltage_nominal_v'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['voltage_nominal_v'] = value
        if not rule_3(F, node, path, values, scope):
            ok = False
        child = given.get('capacity_ah')
        if child is None:
            pass
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.capacity_ah' if path else 'capacity_ah'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['capacity_ah'] = value
        if not ok:
            return None
        return BUILD(values)
    return read


def _177(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    plain_value = __names['plain_value']
    read_2 = __names['read_2']
    rule_0 = __names['rule_0']
    rule_3 = __names['rule_3']
    rule_6 = __names['rule_6']
    rule_9 = __names['rule_9']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        if not rule_0(F, node, path, values, scope):
            ok = False
            return None
        child = given.get('channels')
        if child is None:
            pass
        else:
            value = F.integer(child, (path + '.channels' if path else 'channels'), positive=True)
            if value is None:
                ok = False
            values['channels'] = value
        child = given.get('buses')
        if child is None:
            pass
        else:
            value = read_2(F, child, (path + '.buses' if path else 'buses'), scope)
            if value is None:
                ok = False
            values['buses'] = value
        if not rule_3(F, node, path, values, scope):
            ok = False
        if not rule_6(F, node, path, values, scope):
            ok = False
        child = given.get('continuous_current_per_channel_a')
        if child is None:
            pass
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.continuous_current_per_channel_a' if path else 'continuous_current_per_channel_a'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['continuous_current_per_channel_a'] = value
        child = given.get('peak_current_per_channel_a')
        if child is None:
            pass
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.peak_current_per_channel_a' if path else 'peak_current_per_channel_a'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['peak_current_per_channel_a'] = value
        if not rule_9(F, node, path, values, scope):
            ok = False
        child = given.get('output_voltage_v')
        if child is None:
            pass
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.output_voltage_v' if path else 'output_voltage_v'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['output_voltage_v'] = value
        if not ok:
            return None
        return BUILD(values)
    return read


def _178(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    plain_value = __names['plain_value']
    rule_4 = __names['rule_4']
    rule_5 = __names['rule_5']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('min_m')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or value < 0:
                value = F.number(child, (path + '.min_m' if path else 'min_m'), positive=False, nonnegative=True)
            if value is None:
                ok = False
            values['min_m'] = value
        child = given.get('max_m')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.max_m' if path else 'max_m'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['max_m'] = value
        child = given.get('field_of_view_rad')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.field_of_view_rad' if path else 'field_of_view_rad'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['field_of_view_rad'] = value
        child = given.get('rate_hz')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.rate_hz' if path else 'rate_hz'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['rate_hz'] = value
        if 'min_m' in given and 'max_m' in given and not rule_4(F, node, path, values, scope):
            ok = False
        if 'field_of_view_rad' in given and not rule_5(F, node, path, values, scope):
            ok = False
        if not ok:
            return None
        return BUILD(values)
    return read


def _179(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    plain_triple = __names['plain_triple']
    plain_value = __names['plain_value']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('xyz')
        if child is None:
            ok = False
        else:
            items = child.value
            value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None
            if value is None:
                value = F.vec3(child, (path + '.xyz' if path else 'xyz'), False, False)
            if value is None:
                ok = False
            values['xyz'] = value
        child = given.get('radius')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.radius' if path else 'radius'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['radius'] = value
        child = given.get('note')
        if child is None:
            pass
        else:
            value = child.value if child.kind == 'str' else F.string(child, (path + '.note' if path else 'note'), nullable=True)
            values['note'] = value
        if not ok:
            return None
        return BUILD(values)
    return read


def _180(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    options_0 = __names['options_0']
    rule_2 = __names['rule_2']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('type')
        if child is None:
            ok = False
        else:
            value = F.choice(child, (path + '.type' if path else 'type'), options_0)
            if value is None:
                ok = False
            values['type'] = value
        if not rule_2(F, node, path, values, scope):
            ok = False
        if not ok:
            return None
        return BUILD(values)
    return read


def _181(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    UNIT_TOLERANCE = __names['UNIT_TOLERANCE']
    plain_triple = __names['plain_triple']
    plain_value = __names['plain_value']
    sqrt = __names['sqrt']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('axis')
        if child is None:
            ok = False
        else:
            items = child.value
            value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None
            if value is None or abs(sqrt(sum((value[0] * value[0], value[1] * value[1], value[2] * value[2]))) - 1.0) > UNIT_TOLERANCE:
                value = F.unit_vec3(child, (path + '.axis' if path else 'axis'))
            if value is None:
                ok = False
            values['axis'] = value
        child = given.get('max_angle_rad')
        if child is None:
            ok = False
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.max_angle_rad' if path else 'max_angle_rad'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['max_angle_rad'] = value
        if not ok:
            return None
        return BUILD(values)
    return read


def _182(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    plain_value = __names['plain_value']
    read_0 = __names['read_0']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('turns')
        if child is None:
            ok = False
        else:
            value = read_0(F, child, (path + '.turns' if path else 'turns'), scope)
            if value is None:
                ok = False
            values['turns'] = value
        child = given.get('reduction')
        if child is None:
            pass
        else:
            value = plain_value(child)
            if value is None or not value > 0:
                value = F.number(child, (path + '.reduction' if path else 'reduction'), positive=True, nonnegative=False)
            if value is None:
                ok = False
            values['reduction'] = value
        if not ok:
            return None
        return BUILD(values)
    return read


def _183(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    UNIT_TOLERANCE = __names['UNIT_TOLERANCE']
    allowed_4 = __names['allowed_4']
    allowed_6 = __names['allowed_6']
    allowed_7 = __names['allowed_7']
    not_allowed_4 = __names['not_allowed_4']
    not_allowed_6 = __names['not_allowed_6']
    not_allowed_7 = __names['not_allowed_7']
    plain_triple = __names['plain_triple']
    read_4 = __names['read_4']
    read_5 = __names['read_5']
    read_6 = __names['read_6']
    read_7 = __names['read_7']
    rule_3 = __names['rule_3']
    sqrt = __names['sqrt']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('pos')
        if child is None:
            ok = False
        else:
            items = child.value
            value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None
            if value is None:
                value = F.vec3(child, (path + '.pos' if path else 'pos'), False, False)
            if value is None:
                ok = False
            values['pos'] = value
        child = given.get('dir')
        if child is None:
            ok = False
        else:
            items = child.value
            value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None
            if value is None or abs(sqrt(sum((value[0] * value[0], value[1] * value[1], value[2] * value[2]))) - 1.0) > UNIT_TOLERANCE:
                value = F.unit_vec3(child, (path + '.dir' if path else 'dir'))
            if value is None:
                ok = False
            values['dir'] = value
        child = given.get('up')
        if child is None:
            pass
        else:
            items = child.value
            value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None
            if value is None or abs(sqrt(sum((value[0] * value[0], value[1] * value[1], value[2] * value[2]))) - 1.0) > UNIT_TOLERANCE:
                value = F.unit_vec3(child, (path + '.up' if path else 'up'))
            if value is None:
                ok = False
            values['up'] = value
        if 'up' in given and 'dir' in given and not rule_3(F, node, path, values, scope):
            ok = False
        child = given.get('joint')
        if child is None:
            pass
        else:
            if not allowed_4(scope):
                F.unsupported(node, 'joint', (path + '.joint' if path else 'joint'), not_allowed_4.format(category=getattr(scope, 'category', '')))
                ok = False
            else:
                value = read_4(F, child, (path + '.joint' if path else 'joint'), scope)
                if value is None:
                    ok = False
                values['joint'] = value
        child = given.get('well')
        if child is None:
            pass
        else:
            value = read_5(F, child, (path + '.well' if path else 'well'), scope)
            if value is None:
                ok = False
            values['well'] = value
        child = given.get('steering')
        if child is None:
            pass
        else:
            if not allowed_6(scope):
                F.unsupported(node, 'steering', (path + '.steering' if path else 'steering'), not_allowed_6.format(category=getattr(scope, 'category', '')))
                ok = False
            else:
                value = read_6(F, child, (path + '.steering' if path else 'steering'), scope)
                if value is None:
                    ok = False
                values['steering'] = value
        child = given.get('driveline')
        if child is None:
            pass
        else:
            if not allowed_7(scope):
                F.unsupported(node, 'driveline', (path + '.driveline' if path else 'driveline'), not_allowed_7.format(category=getattr(scope, 'category', '')))
                ok = False
            else:
                value = read_7(F, child, (path + '.driveline' if path else 'driveline'), scope)
                if value is None:
                    ok = False
                values['driveline'] = value
        if not ok:
            return None
        return values
    return read


def _184(__names):
    ALLOWED_KEYS = __names['ALLOWED_KEYS']
    BUILD = __names['BUILD']
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    read_0 = __names['read_0']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)
        values = {}
        ok = True
        child = given.get('mounts')
        if child is None:
            ok = False
        else:
            value = read_0(F, child, (path + '.mounts' if path else 'mounts'), scope)
            if value is None:
                ok = False
            values['mounts'] = value
        if not ok:
            return None
        return BUILD(values)
    return read


def _185(__names):
    OPTIONAL = __names['OPTIONAL']
    REQUIRED = __names['REQUIRED']
    REQUIRED_KEYS = __names['REQUIRED_KEYS']
    allowed_1 = __names['allowed_1']
    allowed_2 = __names['allowed_2']
    allowed_3 = __names['allowed_3']
    allowed_4 = __names['allowed_4']
    allowed_5 = __names['allowed_5']
    allowed_6 = __names['allowed_6']
    allowed_7 = __names['allowed_7']
    not_allowed_1 = __names['not_allowed_1']
    not_allowed_2 = __names['not_allowed_2']
    not_allowed_3 = __names['not_allowed_3']
    not_allowed_4 = __names['not_allowed_4']
    not_allowed_5 = __names['not_allowed_5']
    not_allowed_6 = __names['not_allowed_6']
    not_allowed_7 = __names['not_allowed_7']
    read_0 = __names['read_0']
    read_1 = __names['read_1']
    read_10 = __names['read_10']
    read_12 = __names['read_12']
    read_13 = __names['read_13']
    read_14 = __names['read_14']
    read_2 = __names['read_2']
    read_3 = __names['read_3']
    read_4 = __names['read_4']
    read_5 = __names['read_5']
    read_6 = __names['read_6']
    read_7 = __names['read_7']
    read_8 = __names['read_8']
    required_if_2 = __names['required_if_2']
    required_if_3 = __names['required_if_3']
    required_if_4 = __names['required_if_4']
    required_if_5 = __names['required_if_5']
    required_if_6 = __names['required_if_6']
    required_if_7 = __names['required_if_7']
    rule_11 = __names['rule_11']
    rule_19 = __names['rule_19']
    rule_9 = __names['rule_9']
    why_2 = __names['why_2']
    why_3 = __names['why_3']
    why_4 = __names['why_4']
    why_5 = __names['why_5']
    why_6 = __names['why_6']
    why_7 = __names['why_7']
    def read(F, node, path, scope):
        if node is None:
            return None
        if node.kind != 'map':
            F.wrong_type(node, path, 'a mapping')
            return None
        given = node.value
        keys = given.keys()
        keys_ok = keys >= REQUIRED_KEYS or F.keys(node, path, REQUIRED, OPTIONAL, True)
        values = {}
        ok = True
        child = given.get('visual')
        if child is None:
            ok = False
        else:
            value = read_0(F, child, (path + '.visual' if path else 'visual'), scope)
            if value is None:
                ok = False
            values['visual'] = value
        child = given.get('collision')
        if child is None:
            pass
        else:
            if not allowed_1(scope):
                F.unsupported(node, 'collision', (path + '.collision' if path else 'collision'), not_allowed_1.format(category=getattr(scope, 'category', '')))
                ok = False
            else:
                value = read_1(F, child, (path + '.collision' if path else 'collision'), scope)
                values['collision'] = value
        child = given.get('wheel')
        if child is None:
            if required_if_2(scope):
                F.missing(node, path + '.wheel' if path else 'wheel', why_2)
                ok = False
        else:
            if not allowed_2(scope):
                F.unsupported(node, 'wheel', (path + '.wheel' if path else 'wheel'), not_allowed_2.format(category=getattr(scope, 'category', '')))
                ok = False
            else:
                value = read_2(F, child, (path + '.wheel' if path else 'wheel'), scope)
                if value is None:
                    ok = False
                values['wheel'] = value
        child = given.get('track')
        if child is None:
            if required_if_3(scope):
                F.missing(node, path + '.track' if path else 'track', why_3)
                ok = False
        else:
            if not allowed_3(scope):
                F.unsupported(node, 'track', (path + '.track' if path else 'track'), not_allowed_3.format(category=getattr(scope, 'category', '')))
                ok = False
            else:
                value = read_3(F, child, (path + '.track' if path else 'track'), scope)
                if value is None:
                    ok = False
                values['track'] = value
        child = given.get('motor')
        if child is None:
            if required_if_4(scope):
                F.missing(node, path + '.motor' if path else 'motor', why_4)
                ok = False
        else:
            if not allowed_4(scope):
                F.unsupported(node, 'motor', (path + '.motor' if path else 'motor'), not_allowed_4.format(category=getattr(scope, 'category', '')))
                ok = False
            else:
                value = read_4(F, child, (path + '.motor' if path else 'motor'), scope)
                if value is None:
                    ok = False
                values['motor'] = value
        child = given.get('battery')
        if child is None:
            if required_if_5(scope):
                F.missing(node, path + '.battery' if path else 'battery', why_5)
                ok = False
        else:
            if not allowed_5(scope):
                F.unsupported(node, 'battery', (path + '.battery' if path else 'battery'), not_allowed_5.format(category=getattr(scope, 'category', '')))
                ok = False
            else:
                value = read_5(F, child, (path + '.battery' if path else 'battery'), scope)
                if value is None:
                    ok = False
                values['battery'] = value
        child = given.get('driver')
        if child is None:
            if required_if_6(scope):
                F.missing(node, path + '.driver' if path else 'driver', why_6)
                ok = False
        else:
            if not allowed_6(scope):
                F.unsupported(node, 'driver', (path + '.driver' if path else 'driver'), not_allowed_6.format(category=getattr(scope, 'category', '')))
                ok = False
            else:
                value = read_6(F, child, (path + '.driver' if path else 'driver'), scope)
                if value is None:
                    ok = False
                values['driver'] = value
        child = given.get('range')
        if child is None:
            if required_if_7(scope):
                F.missing(node, path + '.range' if path else 'range', why_7)
                ok = False
        else:
            if not allowed_7(scope):
                F.unsupported(node, 'range', (path + '.range' if path else 'range'), not_allowed_7.format(category=getattr(scope, 'category', '')))
                ok = False
            else:
                value = read_7(F, child, (path + '.range' if path else 'range'), scope)
                if value is None:
                    ok = False
                values['range'] = value
        child = given.get('inertial')
        if child is None:
            ok = False
        else:
            value = read_8(F, child, (path + '.inertial' if path else 'inertial'), scope)
            if value is None:
                ok = False
            values['inertial'] = value
        if not rule_9(F, node, path, values, scope):
            ok = False
        child = given.get('connectors')
        if child is None:
            ok = False
        else:
            value = read_10(F, child, (path + '.connectors' if path else 'connectors'), scope)
            if value is None:
                ok = False
            values['connectors'] = value
        if not rule_11(F, node, path, values, scope):
            ok = False
        child = given.get('profiles')
        if child is None:
            ok = False
        else:
            value = read_12(F, child, (path + '.profiles' if path else 'profiles'), scope)
            if value is None:
                ok = False
            values['profiles'] = value
        child = given.get('contacts')
        if child is None:
            pass
        else:
            value = read_13(F, child, (path + '.contacts' if path else 'contacts'), scope)
            if value is None:
                ok = False
            values['contacts'] = value
        child = given.get('provenance')
        if child is None:
            pass
        else:
            value = read_14(F, child, (path + '.provenance' if path else 'provenance'), scope)
            if value is None:
                ok = False
            values['provenance'] = value
        if not rule_19(F, node, path, values, scope):
            ok = False
        if not ok:
            return None
        return values
    return read


MAKERS = {
    "def __init__(self, well, owner, connector):\n  __own = self.__dict__\n  __own['well'] = well\n  __own['owner'] = owner\n  __own['connector'] = connector\n": _0,
    "def __init__(self, component, pieces, description):\n  __own = self.__dict__\n  __own['component'] = component\n  __own['pieces'] = pieces\n  __own['description'] = description\n": _1,
    "def __init__(self, vertices, A, b):\n  __own = self.__dict__\n  __own['vertices'] = vertices\n  __own['A'] = A\n  __own['b'] = b\n": _2,
    "def __init__(self, a, b, radius):\n  __own = self.__dict__\n  __own['a'] = a\n  __own['b'] = b\n  __own['radius'] = radius\n": _3,
    'def __init__(self, normal, offset, origin, ex, ey, supports, spread, decided, polygon=__factory):\n  self.normal = normal\n  self.offset = offset\n  self.origin = origin\n  self.ex = ex\n  self.ey = ey\n  self.supports = supports\n  self.spread = spread\n  self.decided = decided\n  self.polygon = __f_polygon() if polygon is __factory else polygon\n': _4,
    "def __init__(self, component, kind, label, lowest_point, contact, must_touch, foot=__d_foot):\n  __own = self.__dict__\n  __own['component'] = component\n  __own['kind'] = kind\n  __own['label'] = label\n  __own['lowest_point'] = lowest_point\n  __own['contact'] = contact\n  __own['must_touch'] = must_touch\n  __own['foot'] = foot\n": _5,
    "def __init__(self, mass, com, inertia):\n  __own = self.__dict__\n  __own['mass'] = mass\n  __own['com'] = com\n  __own['inertia'] = inertia\n": _6,
    "def __init__(self, robot, mass, com, inertia, ground_z, ground_normal, support_polygon, com_ground, com_margin_m, footprint, kinematics, outlines=__d_outlines, findings=__d_findings, walker=__d_walker, surroundings=__d_surroundings, walker_drive=__d_walker_drive, walking_peaks=__d_walking_peaks):\n  __own = self.__dict__\n  __own['robot'] = robot\n  __own['mass'] = mass\n  __own['com'] = com\n  __own['inertia'] = inertia\n  __own['ground_z'] = ground_z\n  __own['ground_normal'] = ground_normal\n  __own['support_polygon'] = support_polygon\n  __own['com_ground'] = com_ground\n  __own['com_margin_m'] = com_margin_m\n  __own['footprint'] = footprint\n  __own['kinematics'] = kinematics\n  __own['outlines'] = outlines\n  __own['findings'] = findings\n  __own['walker'] = walker\n  __own['surroundings'] = surroundings\n  __own['walker_drive'] = walker_drive\n  __own['walking_peaks'] = walking_peaks\n": _7,
    "def __init__(self, code, severity, message, components=__d_components, at=__d_at):\n  __own = self.__dict__\n  __own['code'] = code\n  __own['severity'] = severity\n  __own['message'] = message\n  __own['components'] = components\n  __own['at'] = at\n": _8,
    'def __init__(self, diagnostics=__factory, findings=__factory):\n  self.diagnostics = __f_diagnostics() if diagnostics is __factory else diagnostics\n  self.findings = __f_findings() if findings is __factory else findings\n': _9,
    "def __init__(self, can_spin, holonomic, max_speed_mps, max_yaw_rate_rad_s, track_width_m=__d_track_width_m, wheelbase_m=__d_wheelbase_m, steps=__d_steps, max_accel_mps2=__d_max_accel_mps2, motors=__d_motors, skid_factor=__d_skid_factor, hub_limits=__factory, volts_shares=__factory):\n  __own = self.__dict__\n  __own['can_spin'] = can_spin\n  __own['holonomic'] = holonomic\n  __own['max_speed_mps'] = max_speed_mps\n  __own['max_yaw_rate_rad_s'] = max_yaw_rate_rad_s\n  __own['track_width_m'] = track_width_m\n  __own['wheelbase_m'] = wheelbase_m\n  __own['steps'] = steps\n  __own['max_accel_mps2'] = max_accel_mps2\n  __own['motors'] = motors\n  __own['skid_factor'] = skid_factor\n  __own['hub_limits'] = __f_hub_limits() if hub_limits is __factory else hub_limits\n  __own['volts_shares'] = __f_volts_shares() if volts_shares is __factory else volts_shares\n": _10,
    "def __init__(self, fed_by, volts_full, volts_low, stall_pull_n, resistance_n, top_speed_full_mps, top_speed_low_mps, accel_mps2, max_slope_rad, pull_accel_mps2=__d_pull_accel_mps2):\n  __own = self.__dict__\n  __own['fed_by'] = fed_by\n  __own['volts_full'] = volts_full\n  __own['volts_low'] = volts_low\n  __own['stall_pull_n'] = stall_pull_n\n  __own['resistance_n'] = resistance_n\n  __own['top_speed_full_mps'] = top_speed_full_mps\n  __own['top_speed_low_mps'] = top_speed_low_mps\n  __own['accel_mps2'] = accel_mps2\n  __own['max_slope_rad'] = max_slope_rad\n  __own['pull_accel_mps2'] = pull_accel_mps2\n": _11,
    "def __init__(self, component, kind, label, polygon):\n  __own = self.__dict__\n  __own['component'] = component\n  __own['kind'] = kind\n  __own['label'] = label\n  __own['polygon'] = polygon\n": _12,
    "def __init__(self, index, kind, supported, codes=__d_codes, reason=__d_reason, time_to_speed_s=__d_time_to_speed_s):\n  __own = self.__dict__\n  __own['index'] = index\n  __own['kind'] = kind\n  __own['supported'] = supported\n  __own['codes'] = codes\n  __own['reason'] = reason\n  __own['time_to_speed_s'] = time_to_speed_s\n": _13,
    "def __init__(self, key, dir, gait, controller, joints, hidden=__d_hidden):\n  __own = self.__dict__\n  __own['key'] = key\n  __own['dir'] = dir\n  __own['gait'] = gait\n  __own['controller'] = controller\n  __own['joints'] = joints\n  __own['hidden'] = hidden\n": _14,
    "def __init__(self, joint, twist, steps, torque_nm, effort_nm):\n  __own = self.__dict__\n  __own['joint'] = joint\n  __own['twist'] = twist\n  __own['steps'] = steps\n  __own['torque_nm'] = torque_nm\n  __own['effort_nm'] = effort_nm\n": _15,
    "def __init__(self, drives, mass, volts, wheels_felt=__d_wheels_felt):\n  __own = self.__dict__\n  __own['drives'] = drives\n  __own['mass'] = mass\n  __own['volts'] = volts\n  __own['wheels_felt'] = wheels_felt\n": _16,
    "def __init__(self, motor, spec, wheels, radius, reduction):\n  __own = self.__dict__\n  __own['motor'] = motor\n  __own['spec'] = spec\n  __own['wheels'] = wheels\n  __own['radius'] = radius\n  __own['reduction'] = reduction\n": _17,
    "def __init__(self, stall_nm, no_load_rad_s):\n  __own = self.__dict__\n  __own['stall_nm'] = stall_nm\n  __own['no_load_rad_s'] = no_load_rad_s\n": _18,
    "def __init__(self, centre, axis, radius, width):\n  __own = self.__dict__\n  __own['centre'] = centre\n  __own['axis'] = axis\n  __own['radius'] = radius\n  __own['width'] = width\n": _19,
    "def __init__(self, component, part, foot, solid):\n  __own = self.__dict__\n  __own['component'] = component\n  __own['part'] = part\n  __own['foot'] = foot\n  __own['solid'] = solid\n": _20,
    "def __init__(self, bodies, frames, link_frames, solids, wheels, tracks, feet):\n  __own = self.__dict__\n  __own['bodies'] = bodies\n  __own['frames'] = frames\n  __own['link_frames'] = link_frames\n  __own['solids'] = solids\n  __own['wheels'] = wheels\n  __own['tracks'] = tracks\n  __own['feet'] = feet\n": _21,
    "def __init__(self, component, part, link, frame, inertial, shapes):\n  __own = self.__dict__\n  __own['component'] = component\n  __own['part'] = part\n  __own['link'] = link\n  __own['frame'] = frame\n  __own['inertial'] = inertial\n  __own['shapes'] = shapes\n": _22,
    "def __init__(self, component, link, index, shape, solid):\n  __own = self.__dict__\n  __own['component'] = component\n  __own['link'] = link\n  __own['index'] = index\n  __own['shape'] = shape\n  __own['solid'] = solid\n": _23,
    "def __init__(self, component, part, run_from, run_to, across, up, width, belt):\n  __own = self.__dict__\n  __own['component'] = component\n  __own['part'] = part\n  __own['run_from'] = run_from\n  __own['run_to'] = run_to\n  __own['across'] = across\n  __own['up'] = up\n  __own['width'] = width\n  __own['belt'] = belt\n": _24,
    "def __init__(self, component, part, centre, axis, radius, width, caster):\n  __own = self.__dict__\n  __own['component'] = component\n  __own['part'] = part\n  __own['centre'] = centre\n  __own['axis'] = axis\n  __own['radius'] = radius\n  __own['width'] = width\n  __own['caster'] = caster\n": _25,
    'def __init__(self, name, point, force, sag):\n  self.name = name\n  self.point = point\n  self.force = force\n  self.sag = sag\n': _26,
    'def __init__(self, component, part, link, origin, axis, torque=__d_torque):\n  self.component = component\n  self.part = part\n  self.link = link\n  self.origin = origin\n  self.axis = axis\n  self.torque = torque\n': _27,
    "def __init__(self, lo_x, lo_y, hi_x, hi_y):\n  __own = self.__dict__\n  __own['lo_x'] = lo_x\n  __own['lo_y'] = lo_y\n  __own['hi_x'] = hi_x\n  __own['hi_y'] = hi_y\n": _28,
    'def __init__(self, name, transform, parent=__d_parent, host_connector=__d_host_connector, connector=__d_connector, joint_point=__d_joint_point, shadow=__d_shadow, connectors=__factory):\n  self.name = name\n  self.transform = transform\n  self.parent = parent\n  self.host_connector = host_connector\n  self.connector = connector\n  self.joint_point = joint_point\n  self.shadow = shadow\n  self.connectors = __f_connectors() if connectors is __factory else connectors\n': _29,
    "def __init__(self, name, help, configure, run, ends_at_once=__d_ends_at_once):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['help'] = help\n  __own['configure'] = configure\n  __own['run'] = run\n  __own['ends_at_once'] = ends_at_once\n": _30,
    "def __init__(self, moved, copies, files, refused):\n  __own = self.__dict__\n  __own['moved'] = moved\n  __own['copies'] = copies\n  __own['files'] = files\n  __own['refused'] = refused\n": _31,
    "def __init__(self, source, target, is_dir):\n  __own = self.__dict__\n  __own['source'] = source\n  __own['target'] = target\n  __own['is_dir'] = is_dir\n": _32,
    "def __init__(self, source, target, named):\n  __own = self.__dict__\n  __own['source'] = source\n  __own['target'] = target\n  __own['named'] = named\n": _33,
    "def __init__(self, dest, report, diagnostics):\n  __own = self.__dict__\n  __own['dest'] = dest\n  __own['report'] = report\n  __own['diagnostics'] = diagnostics\n": _34,
    "def __init__(self, path, part, kind, why, left_out):\n  __own = self.__dict__\n  __own['path'] = path\n  __own['part'] = part\n  __own['kind'] = kind\n  __own['why'] = why\n  __own['left_out'] = left_out\n": _35,
    "def __init__(self, id, source, copied):\n  __own = self.__dict__\n  __own['id'] = id\n  __own['source'] = source\n  __own['copied'] = copied\n": _36,
    "def __init__(self, library, parts, dropped, not_carried, to_settle, diagnostics, refused, loaded, left_out):\n  __own = self.__dict__\n  __own['library'] = library\n  __own['parts'] = parts\n  __own['dropped'] = dropped\n  __own['not_carried'] = not_carried\n  __own['to_settle'] = to_settle\n  __own['diagnostics'] = diagnostics\n  __own['refused'] = refused\n  __own['loaded'] = loaded\n  __own['left_out'] = left_out\n": _37,
    "def __init__(self, part, path, value, why):\n  __own = self.__dict__\n  __own['part'] = part\n  __own['path'] = path\n  __own['value'] = value\n  __own['why'] = why\n": _38,
    "def __init__(self, category, id, folder, data):\n  __own = self.__dict__\n  __own['category'] = category\n  __own['id'] = id\n  __own['folder'] = folder\n  __own['data'] = data\n": _39,
    "def __init__(self, severity, summary, explanation, example=__d_example):\n  __own = self.__dict__\n  __own['severity'] = severity\n  __own['summary'] = summary\n  __own['explanation'] = explanation\n  __own['example'] = example\n": _40,
    "def __init__(self, severity, code, message, span=__d_span, label=__d_label, labels=__d_labels, help=__d_help, notes=__d_notes, fixes=__d_fixes):\n  __own = self.__dict__\n  __own['severity'] = severity\n  __own['code'] = code\n  __own['message'] = message\n  __own['span'] = span\n  __own['label'] = label\n  __own['labels'] = labels\n  __own['help'] = help\n  __own['notes'] = notes\n  __own['fixes'] = fixes\n  self.__post_init__()\n": _41,
    "def __init__(self, span, replacement, key_path=__d_key_path):\n  __own = self.__dict__\n  __own['span'] = span\n  __own['replacement'] = replacement\n  __own['key_path'] = key_path\n": _42,
    "def __init__(self, span, message=__d_message):\n  __own = self.__dict__\n  __own['span'] = span\n  __own['message'] = message\n": _43,
    'def __init__(self, items=__factory):\n  self.items = __f_items() if items is __factory else items\n': _44,
    "def __init__(self, file, line=__d_line, column=__d_column, end_line=__d_end_line, end_column=__d_end_column):\n  __own = self.__dict__\n  __own['file'] = file\n  __own['line'] = line\n  __own['column'] = column\n  __own['end_line'] = end_line\n  __own['end_column'] = end_column\n": _45,
    "def __init__(self, file, line, old, new):\n  __own = self.__dict__\n  __own['file'] = file\n  __own['line'] = line\n  __own['old'] = old\n  __own['new'] = new\n": _46,
    "def __init__(self, root, programs, libraries):\n  __own = self.__dict__\n  __own['root'] = root\n  __own['programs'] = programs\n  __own['libraries'] = libraries\n": _47,
    "def __init__(self, blob=__d_blob, entry=__d_entry, entry_list=__d_entry_list, files=__d_files):\n  __own = self.__dict__\n  __own['blob'] = blob\n  __own['entry'] = entry\n  __own['entry_list'] = entry_list\n  __own['files'] = files\n": _48,
    "def __init__(self, program=__d_program, target=__d_target):\n  __own = self.__dict__\n  __own['program'] = program\n  __own['target'] = target\n": _49,
    "def __init__(self, root, libraries=__d_libraries, programs=__d_programs, targets=__d_targets, exclude=__d_exclude, templates=__d_templates, warnings=__d_warnings):\n  __own = self.__dict__\n  __own['root'] = root\n  __own['libraries'] = libraries\n  __own['programs'] = programs\n  __own['targets'] = targets\n  __own['exclude'] = exclude\n  __own['templates'] = templates\n  __own['warnings'] = warnings\n": _50,
    "def __init__(self, name, dir, core, world=__d_world, task=__d_task):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['dir'] = dir\n  __own['core'] = core\n  __own['world'] = world\n  __own['task'] = task\n": _51,
    "def __init__(self, file, line=__d_line, column=__d_column, end_line=__d_end_line, end_column=__d_end_column, at=__d_at):\n  __own = self.__dict__\n  __own['file'] = file\n  __own['line'] = line\n  __own['column'] = column\n  __own['end_line'] = end_line\n  __own['end_column'] = end_column\n  __own['at'] = at\n": _52,
    "def __init__(self, name, value, span, name_span):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['value'] = value\n  __own['span'] = span\n  __own['name_span'] = name_span\n": _53,
    "def __init__(self, name, name_span, intent, components, span, file):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['name_span'] = name_span\n  __own['intent'] = intent\n  __own['components'] = components\n  __own['span'] = span\n  __own['file'] = file\n": _54,
    "def __init__(self, kind, name, args, span, kind_span, name_span=__d_name_span, args_span=__d_args_span):\n  __own = self.__dict__\n  __own['kind'] = kind\n  __own['name'] = name\n  __own['args'] = args\n  __own['span'] = span\n  __own['kind_span'] = kind_span\n  __own['name_span'] = name_span\n  __own['args_span'] = args_span\n": _55,
    "def __init__(self, value, raw, span):\n  __own = self.__dict__\n  __own['value'] = value\n  __own['raw'] = raw\n  __own['span'] = span\n": _56,
    "def __init__(self, kind, name, span):\n  __own = self.__dict__\n  __own['kind'] = kind\n  __own['name'] = name\n  __own['span'] = span\n": _57,
    "def __init__(self, value, span):\n  __own = self.__dict__\n  __own['value'] = value\n  __own['span'] = span\n": _58,
    "def __init__(self, name, name_span, steps, span, file):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['name_span'] = name_span\n  __own['steps'] = steps\n  __own['span'] = span\n  __own['file'] = file\n": _59,
    "def __init__(self, items, span):\n  __own = self.__dict__\n  __own['items'] = items\n  __own['span'] = span\n": _60,
    "def __init__(self, word, span):\n  __own = self.__dict__\n  __own['word'] = word\n  __own['span'] = span\n": _61,
    "def __init__(self, name, name_span, settings, entities, span, file):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['name_span'] = name_span\n  __own['settings'] = settings\n  __own['entities'] = entities\n  __own['span'] = span\n  __own['file'] = file\n": _62,
    'def __init__(self, kind, text, line, col, end_line, end_col, value=__d_value, bad=__d_bad, first_on_line=__d_first_on_line, indent=__d_indent):\n  self.kind = kind\n  self.text = text\n  self.line = line\n  self.col = col\n  self.end_line = end_line\n  self.end_col = end_col\n  self.value = value\n  self.bad = bad\n  self.first_on_line = first_on_line\n  self.indent = indent\n': _63,
    "def __init__(self, keyword, ext, what, item, a_item, example):\n  __own = self.__dict__\n  __own['keyword'] = keyword\n  __own['ext'] = ext\n  __own['what'] = what\n  __own['item'] = item\n  __own['a_item'] = a_item\n  __own['example'] = example\n": _64,
    "def __init__(self, part_dir, links, links_stated, feet_node, feet, is_chassis):\n  __own = self.__dict__\n  __own['part_dir'] = part_dir\n  __own['links'] = links\n  __own['links_stated'] = links_stated\n  __own['feet_node'] = feet_node\n  __own['feet'] = feet\n  __own['is_chassis'] = is_chassis\n": _65,
    'def __init__(self, base_dir, servos, imu_links, walker=__d_walker, owners=__d_owners):\n  self.base_dir = base_dir\n  self.servos = servos\n  self.imu_links = imu_links\n  self.walker = walker\n  self.owners = owners\n': _66,
    "def __init__(self, name, links, taken):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['links'] = links\n  __own['taken'] = taken\n": _67,
    "def __init__(self, links=__d_links, feet=__d_feet, gait=__d_gait, controller=__d_controller, spans=__factory):\n  __own = self.__dict__\n  __own['links'] = links\n  __own['feet'] = feet\n  __own['gait'] = gait\n  __own['controller'] = controller\n  __own['spans'] = __f_spans() if spans is __factory else spans\n": _68,
    'def __init__(self, name, parent=__d_parent, joint_type=__d_joint_type, collision=__d_collision, servo=__d_servo, record=__d_record):\n  self.name = name\n  self.parent = parent\n  self.joint_type = joint_type\n  self.collision = collision\n  self.servo = servo\n  self.record = record\n': _69,
    'def __init__(self, info, part_dir, above, below, rng=__d_rng, own_part=__d_own_part):\n  self.info = info\n  self.part_dir = part_dir\n  self.above = above\n  self.below = below\n  self.rng = rng\n  self.own_part = own_part\n': _70,
    "def __init__(self, name, file, parts=__factory, walkers=__factory, name_span=__d_name_span):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['file'] = file\n  __own['parts'] = __f_parts() if parts is __factory else parts\n  __own['walkers'] = __f_walkers() if walkers is __factory else walkers\n  __own['name_span'] = name_span\n": _71,
    "def __init__(self, voltage_nominal_v, voltage_min_v=__d_voltage_min_v, voltage_max_v=__d_voltage_max_v, capacity_ah=__d_capacity_ah):\n  __own = self.__dict__\n  __own['voltage_nominal_v'] = voltage_nominal_v\n  __own['voltage_min_v'] = voltage_min_v\n  __own['voltage_max_v'] = voltage_max_v\n  __own['capacity_ah'] = capacity_ah\n": _72,
    "def __init__(self, name, pos, dir, up=__d_up, joint=__d_joint, well=__d_well, steering=__d_steering, driveline=__d_driveline):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['pos'] = pos\n  __own['dir'] = dir\n  __own['up'] = up\n  __own['joint'] = joint\n  __own['well'] = well\n  __own['steering'] = steering\n  __own['driveline'] = driveline\n": _73,
    "def __init__(self, xyz, radius, note=__d_note):\n  __own = self.__dict__\n  __own['xyz'] = xyz\n  __own['radius'] = radius\n  __own['note'] = note\n": _74,
    "def __init__(self, turns, reduction=__d_reduction):\n  __own = self.__dict__\n  __own['turns'] = turns\n  __own['reduction'] = reduction\n": _75,
    "def __init__(self, channels=__d_channels, buses=__d_buses, voltage_min_v=__d_voltage_min_v, voltage_max_v=__d_voltage_max_v, continuous_current_per_channel_a=__d_continuous_current_per_channel_a, peak_current_per_channel_a=__d_peak_current_per_channel_a, output_voltage_v=__d_output_voltage_v):\n  __own = self.__dict__\n  __own['channels'] = channels\n  __own['buses'] = buses\n  __own['voltage_min_v'] = voltage_min_v\n  __own['voltage_max_v'] = voltage_max_v\n  __own['continuous_current_per_channel_a'] = continuous_current_per_channel_a\n  __own['peak_current_per_channel_a'] = peak_current_per_channel_a\n  __own['output_voltage_v'] = output_voltage_v\n": _76,
    "def __init__(self, name, entity, pos, type=__d_type, size=__d_size, ref=__d_ref, collision=__d_collision, span=__d_span):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['entity'] = entity\n  __own['pos'] = pos\n  __own['type'] = type\n  __own['size'] = size\n  __own['ref'] = ref\n  __own['collision'] = collision\n  __own['span'] = span\n": _77,
    "def __init__(self, name, link, shape, friction):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['link'] = link\n  __own['shape'] = shape\n  __own['friction'] = friction\n": _78,
    "def __init__(self, ahead, aside, turn):\n  __own = self.__dict__\n  __own['ahead'] = ahead\n  __own['aside'] = aside\n  __own['turn'] = turn\n": _79,
    "def __init__(self, ixx, ixy, ixz, iyy, iyz, izz):\n  __own = self.__dict__\n  __own['ixx'] = ixx\n  __own['ixy'] = ixy\n  __own['ixz'] = ixz\n  __own['iyy'] = iyy\n  __own['iyz'] = iyz\n  __own['izz'] = izz\n": _80,
    "def __init__(self, mass, origin_xyz, inertia, source, basis=__d_basis):\n  __own = self.__dict__\n  __own['mass'] = mass\n  __own['origin_xyz'] = origin_xyz\n  __own['inertia'] = inertia\n  __own['source'] = source\n  __own['basis'] = basis\n": _81,
    "def __init__(self, type, axis=__d_axis):\n  __own = self.__dict__\n  __own['type'] = type\n  __own['axis'] = axis\n": _82,
    "def __init__(self, id, file, diagnostics):\n  __own = self.__dict__\n  __own['id'] = id\n  __own['file'] = file\n  __own['diagnostics'] = diagnostics\n": _83,
    "def __init__(self, name, root, parts, walkers=__factory, left_out=__factory, name_span=__d_name_span):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['root'] = root\n  __own['parts'] = parts\n  __own['walkers'] = __f_walkers() if walkers is __factory else walkers\n  __own['left_out'] = __f_left_out() if left_out is __factory else left_out\n  __own['name_span'] = name_span\n": _84,
    "def __init__(self, name, part, glue, frame=__d_frame):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['part'] = part\n  __own['glue'] = glue\n  __own['frame'] = frame\n": _85,
    "def __init__(self, xyz, rotation):\n  __own = self.__dict__\n  __own['xyz'] = xyz\n  __own['rotation'] = rotation\n": _86,
    "def __init__(self, name, parent, joint, inertial, visual, collision=__d_collision, servo=__d_servo):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['parent'] = parent\n  __own['joint'] = joint\n  __own['inertial'] = inertial\n  __own['visual'] = visual\n  __own['collision'] = collision\n  __own['servo'] = servo\n": _87,
    "def __init__(self, type, xyz, rpy, axis=__d_axis, range=__d_range):\n  __own = self.__dict__\n  __own['type'] = type\n  __own['xyz'] = xyz\n  __own['rpy'] = rpy\n  __own['axis'] = axis\n  __own['range'] = range\n": _88,
    "def __init__(self, rated_voltage_v, no_load_speed_rad_s, stall_torque_nm, stall_current_a, voltage_min_v=__d_voltage_min_v, voltage_max_v=__d_voltage_max_v, bus=__d_bus):\n  __own = self.__dict__\n  __own['rated_voltage_v'] = rated_voltage_v\n  __own['no_load_speed_rad_s'] = no_load_speed_rad_s\n  __own['stall_torque_nm'] = stall_torque_nm\n  __own['stall_current_a'] = stall_current_a\n  __own['voltage_min_v'] = voltage_min_v\n  __own['voltage_max_v'] = voltage_max_v\n  __own['bus'] = bus\n": _89,
    "def __init__(self, library, id, category, description, file, dir, visual=__d_visual, collision=__d_collision, inertial=__d_inertial, connectors=__factory, profiles=__factory, wheel=__d_wheel, track=__d_track, motor=__d_motor, battery=__d_battery, driver=__d_driver, range=__d_range, contacts=__d_contacts, links=__d_links, feet=__d_feet, gait=__d_gait, controller=__d_controller, provenance=__d_provenance, ground_plane=__d_ground_plane, entities=__d_entities, spans=__factory):\n  __own = self.__dict__\n  __own['library'] = library\n  __own['id'] = id\n  __own['category'] = category\n  __own['description'] = description\n  __own['file'] = file\n  __own['dir'] = dir\n  __own['visual'] = visual\n  __own['collision'] = collision\n  __own['inertial'] = inertial\n  __own['connectors'] = __f_connectors() if connectors is __factory else connectors\n  __own['profiles'] = __f_profiles() if profiles is __factory else profiles\n  __own['wheel'] = wheel\n  __own['track'] = track\n  __own['motor'] = motor\n  __own['battery'] = battery\n  __own['driver'] = driver\n  __own['range'] = range\n  __own['contacts'] = contacts\n  __own['links'] = links\n  __own['feet'] = feet\n  __own['gait'] = gait\n  __own['controller'] = controller\n  __own['provenance'] = provenance\n  __own['ground_plane'] = ground_plane\n  __own['entities'] = entities\n  __own['spans'] = __f_spans() if spans is __factory else spans\n": _90,
    "def __init__(self, min_m, max_m, field_of_view_rad, rate_hz):\n  __own = self.__dict__\n  __own['min_m'] = min_m\n  __own['max_m'] = max_m\n  __own['field_of_view_rad'] = field_of_view_rad\n  __own['rate_hz'] = rate_hz\n": _91,
    "def __init__(self, kp, damping, armature, frictionloss, effort, hold, basis=__d_basis):\n  __own = self.__dict__\n  __own['kp'] = kp\n  __own['damping'] = damping\n  __own['armature'] = armature\n  __own['frictionloss'] = frictionloss\n  __own['effort'] = effort\n  __own['hold'] = hold\n  __own['basis'] = basis\n": _92,
    "def __init__(self, type, size, origin_xyz, rpy, vertices=__d_vertices, faces=__d_faces):\n  __own = self.__dict__\n  __own['type'] = type\n  __own['size'] = size\n  __own['origin_xyz'] = origin_xyz\n  __own['rpy'] = rpy\n  __own['vertices'] = vertices\n  __own['faces'] = faces\n": _93,
    "def __init__(self, axis, max_angle_rad):\n  __own = self.__dict__\n  __own['axis'] = axis\n  __own['max_angle_rad'] = max_angle_rad\n": _94,
    "def __init__(self, width, ground_from, ground_to, travel_per_turn_m=__d_travel_per_turn_m):\n  __own = self.__dict__\n  __own['width'] = width\n  __own['ground_from'] = ground_from\n  __own['ground_to'] = ground_to\n  __own['travel_per_turn_m'] = travel_per_turn_m\n": _95,
    "def __init__(self, file, xyz, rpy):\n  __own = self.__dict__\n  __own['file'] = file\n  __own['xyz'] = xyz\n  __own['rpy'] = rpy\n": _96,
    "def __init__(self, library, id, description, file, dir, body, limbs, gait, controller, provenance=__d_provenance, spans=__factory, trained_kp=__d_trained_kp):\n  __own = self.__dict__\n  __own['library'] = library\n  __own['id'] = id\n  __own['description'] = description\n  __own['file'] = file\n  __own['dir'] = dir\n  __own['body'] = body\n  __own['limbs'] = limbs\n  __own['gait'] = gait\n  __own['controller'] = controller\n  __own['provenance'] = provenance\n  __own['spans'] = __f_spans() if spans is __factory else spans\n  __own['trained_kp'] = trained_kp\n": _97,
    "def __init__(self, radius, width):\n  __own = self.__dict__\n  __own['radius'] = radius\n  __own['width'] = width\n": _98,
    "def __init__(self, inputs, outputs, defined, nodes, external):\n  __own = self.__dict__\n  __own['inputs'] = inputs\n  __own['outputs'] = outputs\n  __own['defined'] = defined\n  __own['nodes'] = nodes\n  __own['external'] = external\n": _99,
    "def __init__(self, op, name, inputs):\n  __own = self.__dict__\n  __own['op'] = op\n  __own['name'] = name\n  __own['inputs'] = inputs\n": _100,
    "def __init__(self, name, elem_type, dims):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['elem_type'] = elem_type\n  __own['dims'] = dims\n": _101,
    "def __init__(self, name, steps, doc=__d_doc, build=__d_build, free_form=__d_free_form, strict_keys=__d_strict_keys, check=__d_check, keys_with_scope=__d_keys_with_scope, partial=__d_partial):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['steps'] = steps\n  __own['doc'] = doc\n  __own['build'] = build\n  __own['free_form'] = free_form\n  __own['strict_keys'] = strict_keys\n  __own['check'] = check\n  __own['keys_with_scope'] = keys_with_scope\n  __own['partial'] = partial\n  self.__post_init__()\n": _102,
    "def __init__(self, name, kind, doc=__d_doc, required=__d_required, unit=__d_unit, bound=__d_bound, options=__d_options, nullable=__d_nullable, block=__d_block, check=__d_check, what=__d_what, each=__d_each, table=__d_table, keyed=__d_keyed, by_rule=__d_by_rule, decides=__d_decides, required_if=__d_required_if, why_required=__d_why_required, allowed=__d_allowed, not_allowed=__d_not_allowed, allowed_doc=__d_allowed_doc, required_doc=__d_required_doc):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['kind'] = kind\n  __own['doc'] = doc\n  __own['required'] = required\n  __own['unit'] = unit\n  __own['bound'] = bound\n  __own['options'] = options\n  __own['nullable'] = nullable\n  __own['block'] = block\n  __own['check'] = check\n  __own['what'] = what\n  __own['each'] = each\n  __own['table'] = table\n  __own['keyed'] = keyed\n  __own['by_rule'] = by_rule\n  __own['decides'] = decides\n  __own['required_if'] = required_if\n  __own['why_required'] = why_required\n  __own['allowed'] = allowed\n  __own['not_allowed'] = not_allowed\n  __own['allowed_doc'] = allowed_doc\n  __own['required_doc'] = required_doc\n  self.__post_init__()\n": _103,
    "def __init__(self, name, check, doc=__d_doc, stops=__d_stops, needs=__d_needs, before_keys=__d_before_keys):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['check'] = check\n  __own['doc'] = doc\n  __own['stops'] = stops\n  __own['needs'] = needs\n  __own['before_keys'] = before_keys\n": _104,
    "def __init__(self, component, name, pos, dir, up, connector):\n  __own = self.__dict__\n  __own['component'] = component\n  __own['name'] = name\n  __own['pos'] = pos\n  __own['dir'] = dir\n  __own['up'] = up\n  __own['connector'] = connector\n": _105,
    "def __init__(self, motor, coupling, wheels, seat=__d_seat, reduction=__d_reduction, on_shaft=__d_on_shaft):\n  __own = self.__dict__\n  __own['motor'] = motor\n  __own['coupling'] = coupling\n  __own['wheels'] = wheels\n  __own['seat'] = seat\n  __own['reduction'] = reduction\n  __own['on_shaft'] = on_shaft\n": _106,
    "def __init__(self, rotation, translation):\n  __own = self.__dict__\n  __own['rotation'] = rotation\n  __own['translation'] = translation\n": _107,
    "def __init__(self, name, type, part, pose, parent=__d_parent, host_connector=__d_host_connector, connector=__d_connector, joint=__d_joint, joint_axis=__d_joint_axis, joint_point=__d_joint_point, mount=__d_mount, steer=__d_steer, driven_by=__d_driven_by, reduction=__d_reduction, driven=__d_driven, power=__d_power, command=__d_command, links=__d_links, span=__d_span, glue_span=__d_glue_span):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['type'] = type\n  __own['part'] = part\n  __own['pose'] = pose\n  __own['parent'] = parent\n  __own['host_connector'] = host_connector\n  __own['connector'] = connector\n  __own['joint'] = joint\n  __own['joint_axis'] = joint_axis\n  __own['joint_point'] = joint_point\n  __own['mount'] = mount\n  __own['steer'] = steer\n  __own['driven_by'] = driven_by\n  __own['reduction'] = reduction\n  __own['driven'] = driven\n  __own['power'] = power\n  __own['command'] = command\n  __own['links'] = links\n  __own['span'] = span\n  __own['glue_span'] = glue_span\n": _108,
    "def __init__(self, name, parent, pose, joint_axis=__d_joint_axis):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['parent'] = parent\n  __own['pose'] = pose\n  __own['joint_axis'] = joint_axis\n": _109,
    "def __init__(self, xyz=__d_xyz, quat=__d_quat):\n  __own = self.__dict__\n  __own['xyz'] = xyz\n  __own['quat'] = quat\n": _110,
    "def __init__(self, name, file, chassis_type, chassis, components, parts, intent=__d_intent, occupied=__factory, free_connectors=__d_free_connectors, span=__d_span):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['file'] = file\n  __own['chassis_type'] = chassis_type\n  __own['chassis'] = chassis\n  __own['components'] = components\n  __own['parts'] = parts\n  __own['intent'] = intent\n  __own['occupied'] = __f_occupied() if occupied is __factory else occupied\n  __own['free_connectors'] = free_connectors\n  __own['span'] = span\n": _111,
    "def __init__(self, axis, max_angle_rad, point):\n  __own = self.__dict__\n  __own['axis'] = axis\n  __own['max_angle_rad'] = max_angle_rad\n  __own['point'] = point\n": _112,
    "def __init__(self, name, wheel_mounts, wheel_type, driven, optionally_driven, steered, spin, holonomic, summary):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['wheel_mounts'] = wheel_mounts\n  __own['wheel_type'] = wheel_type\n  __own['driven'] = driven\n  __own['optionally_driven'] = optionally_driven\n  __own['steered'] = steered\n  __own['spin'] = spin\n  __own['holonomic'] = holonomic\n  __own['summary'] = summary\n": _113,
    "def __init__(self, name, kind, required):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['kind'] = kind\n  __own['required'] = required\n": _114,
    "def __init__(self, name, args, summary):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['args'] = args\n  __own['summary'] = summary\n": _115,
    "def __init__(self, name, entity, pos, collision, shapes, primitive=__d_primitive, part=__d_part, visual=__d_visual, origin=__d_origin, span=__d_span):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['entity'] = entity\n  __own['pos'] = pos\n  __own['collision'] = collision\n  __own['shapes'] = shapes\n  __own['primitive'] = primitive\n  __own['part'] = part\n  __own['visual'] = visual\n  __own['origin'] = origin\n  __own['span'] = span\n": _116,
    "def __init__(self, kind, args, span=__d_span, arg_spans=__factory):\n  __own = self.__dict__\n  __own['kind'] = kind\n  __own['args'] = args\n  __own['span'] = span\n  __own['arg_spans'] = __f_arg_spans() if arg_spans is __factory else arg_spans\n": _117,
    "def __init__(self, name, file, steps=__d_steps, span=__d_span):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['file'] = file\n  __own['steps'] = steps\n  __own['span'] = span\n": _118,
    "def __init__(self, name, file, ground_plane, start=__d_start, environment=__d_environment, entities=__d_entities, parts=__factory, span=__d_span):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['file'] = file\n  __own['ground_plane'] = ground_plane\n  __own['start'] = start\n  __own['environment'] = environment\n  __own['entities'] = entities\n  __own['parts'] = __f_parts() if parts is __factory else parts\n  __own['span'] = span\n": _119,
    "def __init__(self, parts=__d_parts, walkers=__d_walkers, context=__d_context):\n  __own = self.__dict__\n  __own['parts'] = parts\n  __own['walkers'] = walkers\n  __own['context'] = context\n": _120,
    "def __init__(self, name, parts, walkers):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['parts'] = parts\n  __own['walkers'] = walkers\n": _121,
    "def __init__(self, body, parts):\n  __own = self.__dict__\n  __own['body'] = body\n  __own['parts'] = parts\n": _122,
    "def __init__(self, name, run, inputs, key, record=__d_record, needs=__d_needs, also=__d_also):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['run'] = run\n  __own['inputs'] = inputs\n  __own['key'] = key\n  __own['record'] = record\n  __own['needs'] = needs\n  __own['also'] = also\n": _123,
    "def __init__(self, core=__d_core, world=__d_world, task=__d_task):\n  __own = self.__dict__\n  __own['core'] = core\n  __own['world'] = world\n  __own['task'] = task\n": _124,
    "def __init__(self, resolved, walkers):\n  __own = self.__dict__\n  __own['resolved'] = resolved\n  __own['walkers'] = walkers\n": _125,
    "def __init__(self, path, text, error=__d_error):\n  __own = self.__dict__\n  __own['path'] = path\n  __own['text'] = text\n  __own['error'] = error\n": _126,
    'def __init__(self, diagnostics=__factory, robot=__d_robot, world=__d_world, task=__d_task, analysis=__d_analysis, written_files=__factory, changed_files=__factory, libraries=__factory, outdir=__d_outdir, phases_run=__factory, output_error=__d_output_error, report_dir=__d_report_dir):\n  self.diagnostics = __f_diagnostics() if diagnostics is __factory else diagnostics\n  self.robot = robot\n  self.world = world\n  self.task = task\n  self.analysis = analysis\n  self.written_files = __f_written_files() if written_files is __factory else written_files\n  self.changed_files = __f_changed_files() if changed_files is __factory else changed_files\n  self.libraries = __f_libraries() if libraries is __factory else libraries\n  self.outdir = outdir\n  self.phases_run = __f_phases_run() if phases_run is __factory else phases_run\n  self.output_error = output_error\n  self.report_dir = report_dir\n': _127,
    "def __init__(self, root, libraries, templates=__d_templates):\n  __own = self.__dict__\n  __own['root'] = root\n  __own['libraries'] = libraries\n  __own['templates'] = templates\n": _128,
    "def __init__(self, span, label, primary):\n  __own = self.__dict__\n  __own['span'] = span\n  __own['label'] = label\n  __own['primary'] = primary\n": _129,
    "def __init__(self, values, span=__d_span):\n  __own = self.__dict__\n  __own['values'] = values\n  __own['span'] = span\n": _130,
    "def __init__(self, name, file, components, chassis, chassis_type, world, task=__d_task, intent=__d_intent, span=__d_span):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['file'] = file\n  __own['components'] = components\n  __own['chassis'] = chassis\n  __own['chassis_type'] = chassis_type\n  __own['world'] = world\n  __own['task'] = task\n  __own['intent'] = intent\n  __own['span'] = span\n": _131,
    "def __init__(self, name, type, part, chassis=__d_chassis, glue=__d_glue, power=__d_power, command=__d_command, span=__d_span, name_span=__d_name_span, ref_span=__d_ref_span, power_span=__d_power_span, command_span=__d_command_span):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['type'] = type\n  __own['part'] = part\n  __own['chassis'] = chassis\n  __own['glue'] = glue\n  __own['power'] = power\n  __own['command'] = command\n  __own['span'] = span\n  __own['name_span'] = name_span\n  __own['ref_span'] = ref_span\n  __own['power_span'] = power_span\n  __own['command_span'] = command_span\n": _132,
    "def __init__(self, components, chassis, chassis_type):\n  __own = self.__dict__\n  __own['components'] = components\n  __own['chassis'] = chassis\n  __own['chassis_type'] = chassis_type\n": _133,
    'def __init__(self, item, name, type, part=__d_part, glue=__d_glue, power=__d_power, command=__d_command, ok=__d_ok, wrong_refs=__factory):\n  self.item = item\n  self.name = name\n  self.type = type\n  self.part = part\n  self.glue = glue\n  self.power = power\n  self.command = command\n  self.ok = ok\n  self.wrong_refs = __f_wrong_refs() if wrong_refs is __factory else wrong_refs\n': _134,
    "def __init__(self, chassis, radius, goals, accel, turn_accel):\n  __own = self.__dict__\n  __own['chassis'] = chassis\n  __own['radius'] = radius\n  __own['goals'] = goals\n  __own['accel'] = accel\n  __own['turn_accel'] = turn_accel\n": _135,
    "def __init__(self, holonomic, can_spin, max_speed, max_turn, min_radius=__d_min_radius, brake=__d_brake):\n  __own = self.__dict__\n  __own['holonomic'] = holonomic\n  __own['can_spin'] = can_spin\n  __own['max_speed'] = max_speed\n  __own['max_turn'] = max_turn\n  __own['min_radius'] = min_radius\n  __own['brake'] = brake\n": _136,
    "def __init__(self, clearance, origin, resolution):\n  __own = self.__dict__\n  __own['clearance'] = clearance\n  __own['origin'] = origin\n  __own['resolution'] = resolution\n": _137,
    "def __init__(self, path, radius, reason=__d_reason):\n  __own = self.__dict__\n  __own['path'] = path\n  __own['radius'] = radius\n  __own['reason'] = reason\n": _138,
    "def __init__(self, files=__factory, assets=__d_assets, diagnostics=__d_diagnostics):\n  __own = self.__dict__\n  __own['files'] = __f_files() if files is __factory else files\n  __own['assets'] = assets\n  __own['diagnostics'] = diagnostics\n": _139,
    "def __init__(self, component, type, radius, centre, axle, sign, roller_axis):\n  __own = self.__dict__\n  __own['component'] = component\n  __own['type'] = type\n  __own['radius'] = radius\n  __own['centre'] = centre\n  __own['axle'] = axle\n  __own['sign'] = sign\n  __own['roller_axis'] = roller_axis\n": _140,
    'def __init__(self, meshes=__factory, actuators=__factory, tendons=__factory, equalities=__factory, sensors=__factory, comments=__factory):\n  self.meshes = __f_meshes() if meshes is __factory else meshes\n  self.actuators = __f_actuators() if actuators is __factory else actuators\n  self.tendons = __f_tendons() if tendons is __factory else tendons\n  self.equalities = __f_equalities() if equalities is __factory else equalities\n  self.sensors = __f_sensors() if sensors is __factory else sensors\n  self.comments = __f_comments() if comments is __factory else comments\n': _141,
    "def __init__(self, folder, files=__d_files, error=__d_error):\n  __own = self.__dict__\n  __own['folder'] = folder\n  __own['files'] = files\n  __own['error'] = error\n": _142,
    "def __init__(self, name, path, text, error=__d_error):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['path'] = path\n  __own['text'] = text\n  __own['error'] = error\n": _143,
    "def __init__(self, name, piece, axis, radius):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['piece'] = piece\n  __own['axis'] = axis\n  __own['radius'] = radius\n": _144,
    "def __init__(self, name, world_name, height, tree, files, assets):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['world_name'] = world_name\n  __own['height'] = height\n  __own['tree'] = tree\n  __own['files'] = files\n  __own['assets'] = assets\n": _145,
    "def __init__(self, samples, angle_min, angle_max, range_min, range_max, rate_hz):\n  __own = self.__dict__\n  __own['samples'] = samples\n  __own['angle_min'] = angle_min\n  __own['angle_max'] = angle_max\n  __own['range_min'] = range_min\n  __own['range_max'] = range_max\n  __own['rate_hz'] = rate_hz\n": _146,
    "def __init__(self, kind, size=__d_size, uri=__d_uri, xyz=__d_xyz, rpy=__d_rpy):\n  __own = self.__dict__\n  __own['kind'] = kind\n  __own['size'] = size\n  __own['uri'] = uri\n  __own['xyz'] = xyz\n  __own['rpy'] = rpy\n": _147,
    "def __init__(self, name, type, parent, child, xyz, rpy, axis=__d_axis, limit=__d_limit, effort=__d_effort, velocity=__d_velocity):\n  __own = self.__dict__\n  __own['name'] = name\n  __own['type'] = type\n  __own['parent'] = parent\n  __own['child'] = child\n  __own['xyz'] = xyz\n  __own['rpy'] = rpy\n  __own['axis'] = axis\n  __own['limit'] = limit\n  __own['effort'] = effort\n  __own['velocity'] = velocity\n": _148,
    'def __init__(self, name, inertial=__d_inertial, visuals=__factory, collisions=__factory, component=__d_component, friction=__d_friction):\n  self.name = name\n  self.inertial = inertial\n  self.visuals = __f_visuals() if visuals is __factory else visuals\n  self.collisions = __f_collisions() if collisions is __factory else collisions\n  self.component = component\n  self.friction = friction\n': _149,
    'def __init__(self, links=__factory, joints=__factory, meshes=__factory, wheel_joints=__factory, steer_joints=__factory, hub_limits=__factory):\n  self.links = __f_links() if links is __factory else links\n  self.joints = __f_joints() if joints is __factory else joints\n  self.meshes = __f_meshes() if meshes is __factory else meshes\n  self.wheel_joints = __f_wheel_joints() if wheel_joints is __factory else wheel_joints\n  self.steer_joints = __f_steer_joints() if steer_joints is __factory else steer_joints\n  self.hub_limits = __f_hub_limits() if hub_limits is __factory else hub_limits\n': _150,
    "def __init__(self, kind, value, span, raw=__d_raw, key_spans=__factory):\n  __own = self.__dict__\n  __own['kind'] = kind\n  __own['value'] = value\n  __own['span'] = span\n  __own['raw'] = raw\n  __own['key_spans'] = __f_key_spans() if key_spans is __factory else key_spans\n": _151,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('link')\n    if child is None:\n        ok = False\n    else:\n        value = read_0(F, child, (path + '.link' if path else 'link'), scope)\n        if value is None:\n            ok = False\n        values['link'] = value\n    child = given.get('xyz')\n    if child is None:\n        ok = False\n    else:\n        items = child.value\n        value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None\n        if value is None:\n            value = F.vec3(child, (path + '.xyz' if path else 'xyz'), False, False)\n        if value is None:\n            ok = False\n        values['xyz'] = value\n    child = given.get('rpy')\n    if child is None:\n        ok = False\n    else:\n        items = child.value\n        value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None\n        if value is None:\n            value = F.vec3(child, (path + '.rpy' if path else 'rpy'), False, False)\n        if value is None:\n            ok = False\n        values['rpy'] = value\n    if not ok or not keys_ok:\n        return None\n    return BUILD(values)\n": _152,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('frequency')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.frequency' if path else 'frequency'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['frequency'] = value\n    child = given.get('offsets')\n    if child is None:\n        ok = False\n    else:\n        value = read_1(F, child, (path + '.offsets' if path else 'offsets'), scope)\n        if value is None:\n            ok = False\n        values['offsets'] = value\n    child = given.get('still_below')\n    if child is None:\n        pass\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.still_below' if path else 'still_below'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['still_below'] = value\n    child = given.get('still_at')\n    if child is None:\n        pass\n    else:\n        value = plain_value(child)\n        if value is None:\n            value = F.number(child, (path + '.still_at' if path else 'still_at'), positive=False, nonnegative=False)\n        if value is None:\n            ok = False\n        values['still_at'] = value\n    if not rule_4(F, node, path, values, scope):\n        ok = False\n    if not ok or not keys_ok:\n        return None\n    return BUILD(values)\n": _153,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('timestep')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.timestep' if path else 'timestep'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['timestep'] = value\n    child = given.get('integrator')\n    if child is None:\n        ok = False\n    else:\n        value = read_1(F, child, (path + '.integrator' if path else 'integrator'), scope)\n        if value is None:\n            ok = False\n        values['integrator'] = value\n    child = given.get('iterations')\n    if child is None:\n        ok = False\n    else:\n        value = read_2(F, child, (path + '.iterations' if path else 'iterations'), scope)\n        if value is None:\n            ok = False\n        values['iterations'] = value\n    child = given.get('ls_iterations')\n    if child is None:\n        ok = False\n    else:\n        value = read_3(F, child, (path + '.ls_iterations' if path else 'ls_iterations'), scope)\n        if value is None:\n            ok = False\n        values['ls_iterations'] = value\n    child = given.get('eulerdamp')\n    if child is None:\n        ok = False\n    else:\n        value = F.boolean(child, (path + '.eulerdamp' if path else 'eulerdamp'))\n        if value is None:\n            ok = False\n        values['eulerdamp'] = value\n    if not ok or not keys_ok:\n        return None\n    return BUILD(values)\n": _154,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('period')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.period' if path else 'period'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['period'] = value\n    child = given.get('duty')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None:\n            value = F.number(child, (path + '.duty' if path else 'duty'), positive=False, nonnegative=False)\n        if value is None:\n            ok = False\n        values['duty'] = value\n    if not rule_2(F, node, path, values, scope):\n        ok = False\n    child = given.get('step_height')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.step_height' if path else 'step_height'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['step_height'] = value\n    if not ok or not keys_ok:\n        return None\n    return BUILD(values)\n": _155,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('gait')\n    if child is None:\n        ok = False\n    else:\n        value = read_0(F, child, (path + '.gait' if path else 'gait'), scope)\n        if value is None:\n            ok = False\n        values['gait'] = value\n    child = given.get('basis')\n    if child is None:\n        ok = False\n    else:\n        value = child.value if child.kind == 'str' else F.string(child, (path + '.basis' if path else 'basis'), nullable=False)\n        if value is None:\n            ok = False\n        values['basis'] = value\n    if not ok or not keys_ok:\n        return None\n    return BUILD(values)\n": _156,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('policy')\n    if child is None:\n        ok = False\n    else:\n        value = read_0(F, child, (path + '.policy' if path else 'policy'), scope)\n        if value is None:\n            ok = False\n        values['policy'] = value\n    child = given.get('period')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.period' if path else 'period'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['period'] = value\n    child = given.get('imu')\n    if child is None:\n        ok = False\n    else:\n        value = read_2(F, child, (path + '.imu' if path else 'imu'), scope)\n        if value is None:\n            ok = False\n        values['imu'] = value\n    child = given.get('observation')\n    if child is None:\n        ok = False\n    else:\n        value = read_3(F, child, (path + '.observation' if path else 'observation'), scope)\n        if value is None:\n            ok = False\n        values['observation'] = value\n    child = given.get('hidden')\n    if child is None:\n        pass\n    else:\n        value = read_4(F, child, (path + '.hidden' if path else 'hidden'), scope)\n        if value is None:\n            ok = False\n        values['hidden'] = value\n    child = given.get('action_scale')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.action_scale' if path else 'action_scale'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['action_scale'] = value\n    if not rule_7(F, node, path, values, scope):\n        ok = False\n    child = given.get('simulator')\n    if child is None:\n        ok = False\n    else:\n        value = read_8(F, child, (path + '.simulator' if path else 'simulator'), scope)\n        if value is None:\n            ok = False\n        values['simulator'] = value\n    if not rule_9(F, node, path, values, scope):\n        ok = False\n    child = given.get('basis')\n    if child is None:\n        ok = False\n    else:\n        value = child.value if child.kind == 'str' else F.string(child, (path + '.basis' if path else 'basis'), nullable=False)\n        if value is None:\n            ok = False\n        values['basis'] = value\n    if not ok or not keys_ok:\n        return None\n    return BUILD(values)\n": _157,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('policy')\n    if child is None:\n        ok = False\n    else:\n        value = read_0(F, child, (path + '.policy' if path else 'policy'), scope)\n        if value is None:\n            ok = False\n        values['policy'] = value\n    child = given.get('period')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.period' if path else 'period'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['period'] = value\n    child = given.get('imu')\n    if child is None:\n        ok = False\n    else:\n        value = read_2(F, child, (path + '.imu' if path else 'imu'), scope)\n        if value is None:\n            ok = False\n        values['imu'] = value\n    child = given.get('observation')\n    if child is None:\n        ok = False\n    else:\n        value = read_3(F, child, (path + '.observation' if path else 'observation'), scope)\n        if value is None:\n            ok = False\n        values['observation'] = value\n    child = given.get('hidden')\n    if child is None:\n        pass\n    else:\n        value = read_4(F, child, (path + '.hidden' if path else 'hidden'), scope)\n        if value is None:\n            ok = False\n        values['hidden'] = value\n    child = given.get('action_scale')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.action_scale' if path else 'action_scale'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['action_scale'] = value\n    if not rule_7(F, node, path, values, scope):\n        ok = False\n    child = given.get('simulator')\n    if child is None:\n        ok = False\n    else:\n        value = read_8(F, child, (path + '.simulator' if path else 'simulator'), scope)\n        if value is None:\n            ok = False\n        values['simulator'] = value\n    if not rule_9(F, node, path, values, scope):\n        ok = False\n    child = given.get('basis')\n    if child is None:\n        ok = False\n    else:\n        value = child.value if child.kind == 'str' else F.string(child, (path + '.basis' if path else 'basis'), nullable=False)\n        if value is None:\n            ok = False\n        values['basis'] = value\n    if given.get('joints') is None:\n        ok = False\n    if not ok or not keys_ok:\n        return None\n    return BUILD(values)\n": _158,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('mass')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.mass' if path else 'mass'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['mass'] = value\n    child = given.get('origin_xyz')\n    if child is None:\n        ok = False\n    else:\n        items = child.value\n        value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None\n        if value is None:\n            value = F.vec3(child, (path + '.origin_xyz' if path else 'origin_xyz'), False, False)\n        if value is None:\n            ok = False\n        values['origin_xyz'] = value\n    child = given.get('inertia')\n    if child is None:\n        ok = False\n    else:\n        value = read_2(F, child, (path + '.inertia' if path else 'inertia'), scope)\n        if value is None:\n            ok = False\n        values['inertia'] = value\n    child = given.get('source')\n    if child is None:\n        ok = False\n    else:\n        value = F.choice(child, (path + '.source' if path else 'source'), options_3)\n        if value is None:\n            ok = False\n        values['source'] = value\n    child = given.get('basis')\n    if child is None:\n        pass\n    else:\n        value = child.value if child.kind == 'str' else F.string(child, (path + '.basis' if path else 'basis'), nullable=True)\n        values['basis'] = value\n    if not rule_5(F, node, path, values, scope):\n        ok = False\n    if not ok:\n        return None\n    return BUILD(values)\n": _159,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('type')\n    if child is None:\n        ok = False\n    else:\n        value = read_0(F, child, (path + '.type' if path else 'type'), scope)\n        if value is None:\n            ok = False\n        values['type'] = value\n    child = given.get('size')\n    if child is None:\n        ok = False\n    else:\n        items = child.value\n        value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None\n        if value is None or not (value[0] > 0 and value[1] > 0 and value[2] > 0):\n            value = F.vec3(child, (path + '.size' if path else 'size'), True, False)\n        if value is None:\n            ok = False\n        values['size'] = value\n    child = given.get('origin_xyz')\n    if child is None:\n        ok = False\n    else:\n        items = child.value\n        value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None\n        if value is None:\n            value = F.vec3(child, (path + '.origin_xyz' if path else 'origin_xyz'), False, False)\n        if value is None:\n            ok = False\n        values['origin_xyz'] = value\n    child = given.get('rpy')\n    if child is None:\n        ok = False\n    else:\n        items = child.value\n        value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None\n        if value is None:\n            value = F.vec3(child, (path + '.rpy' if path else 'rpy'), False, False)\n        if value is None:\n            ok = False\n        values['rpy'] = value\n    if not ok or not keys_ok:\n        return None\n    return BUILD(values)\n": _160,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('kp')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.kp' if path else 'kp'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['kp'] = value\n    child = given.get('damping')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or value < 0:\n            value = F.number(child, (path + '.damping' if path else 'damping'), positive=False, nonnegative=True)\n        if value is None:\n            ok = False\n        values['damping'] = value\n    child = given.get('armature')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or value < 0:\n            value = F.number(child, (path + '.armature' if path else 'armature'), positive=False, nonnegative=True)\n        if value is None:\n            ok = False\n        values['armature'] = value\n    child = given.get('frictionloss')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or value < 0:\n            value = F.number(child, (path + '.frictionloss' if path else 'frictionloss'), positive=False, nonnegative=True)\n        if value is None:\n            ok = False\n        values['frictionloss'] = value\n    child = given.get('effort')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.effort' if path else 'effort'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['effort'] = value\n    child = given.get('hold')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None:\n            value = F.number(child, (path + '.hold' if path else 'hold'), positive=False, nonnegative=False)\n        if value is None:\n            ok = False\n        values['hold'] = value\n    if not rule_6(F, node, path, values, scope):\n        ok = False\n    child = given.get('basis')\n    if child is None:\n        pass\n    else:\n        value = child.value if child.kind == 'str' else F.string(child, (path + '.basis' if path else 'basis'), nullable=False)\n        if value is None:\n            ok = False\n        values['basis'] = value\n    if not ok or not keys_ok:\n        return None\n    return BUILD(values)\n": _161,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    values = {}\n    ok = True\n    if not rule_0(F, node, path, values, scope):\n        ok = False\n    required = REQUIRED\n    if required_if_4(scope):\n        required = required + ('axis',)\n    if required_if_5(scope):\n        required = required + ('range',)\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= set(required)) or F.keys(node, path, required, OPTIONAL, False)\n    if given.get('type') is None:\n        ok = False\n    child = given.get('xyz')\n    if child is None:\n        ok = False\n    else:\n        items = child.value\n        value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None\n        if value is None:\n            value = F.vec3(child, (path + '.xyz' if path else 'xyz'), False, False)\n        if value is None:\n            ok = False\n        values['xyz'] = value\n    child = given.get('rpy')\n    if child is None:\n        ok = False\n    else:\n        items = child.value\n        value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None\n        if value is None:\n            value = F.vec3(child, (path + '.rpy' if path else 'rpy'), False, False)\n        if value is None:\n            ok = False\n        values['rpy'] = value\n    if not rule_6(F, node, path, values, scope):\n        ok = False\n    if not ok or not keys_ok:\n        return None\n    return BUILD(values)\n": _162,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('parent')\n    if child is None:\n        ok = False\n    else:\n        value = read_0(F, child, (path + '.parent' if path else 'parent'), scope)\n        if value is None:\n            ok = False\n        values['parent'] = value\n    child = given.get('joint')\n    if child is None:\n        ok = False\n    else:\n        value = read_1(F, child, (path + '.joint' if path else 'joint'), scope)\n        if value is None:\n            ok = False\n        values['joint'] = value\n    child = given.get('inertial')\n    if child is None:\n        ok = False\n    else:\n        value = read_2(F, child, (path + '.inertial' if path else 'inertial'), scope)\n        if value is None:\n            ok = False\n        values['inertial'] = value\n    child = given.get('visual')\n    if child is None:\n        ok = False\n    else:\n        value = read_3(F, child, (path + '.visual' if path else 'visual'), scope)\n        if value is None:\n            ok = False\n        values['visual'] = value\n    child = given.get('collision')\n    if child is None:\n        pass\n    else:\n        value = read_4(F, child, (path + '.collision' if path else 'collision'), scope)\n        if value is None:\n            ok = False\n        values['collision'] = value\n    if not rule_5(F, node, path, values, scope):\n        ok = False\n    if not rule_7(F, node, path, values, scope):\n        ok = False\n    if not ok or not keys_ok:\n        return None\n    return values\n": _163,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('link')\n    if child is None:\n        ok = False\n    else:\n        value = read_0(F, child, (path + '.link' if path else 'link'), scope)\n        if value is None:\n            ok = False\n        values['link'] = value\n    child = given.get('shape')\n    if child is None:\n        ok = False\n    else:\n        value = read_1(F, child, (path + '.shape' if path else 'shape'), scope)\n        if value is None:\n            ok = False\n        values['shape'] = value\n    child = given.get('friction')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.friction' if path else 'friction'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['friction'] = value\n    if not rule_3(F, node, path, values, scope):\n        ok = False\n    if not ok or not keys_ok:\n        return None\n    return values\n": _164,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('ahead')\n    if child is None:\n        ok = False\n    else:\n        value = read_0(F, child, (path + '.ahead' if path else 'ahead'), scope)\n        if value is None:\n            ok = False\n        values['ahead'] = value\n    child = given.get('aside')\n    if child is None:\n        ok = False\n    else:\n        value = read_1(F, child, (path + '.aside' if path else 'aside'), scope)\n        if value is None:\n            ok = False\n        values['aside'] = value\n    child = given.get('turn')\n    if child is None:\n        ok = False\n    else:\n        value = read_2(F, child, (path + '.turn' if path else 'turn'), scope)\n        if value is None:\n            ok = False\n        values['turn'] = value\n    if not ok or not keys_ok:\n        return None\n    return BUILD(values)\n": _165,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = keys >= REQUIRED_KEYS or F.keys(node, path, REQUIRED, OPTIONAL, True)\n    values = {}\n    ok = True\n    child = given.get('schema_version')\n    if child is None:\n        ok = False\n    else:\n        value = F.integer(child, (path + '.schema_version' if path else 'schema_version'), positive=False)\n        if value is None:\n            ok = False\n        values['schema_version'] = value\n    if not rule_1(F, node, path, values, scope):\n        ok = False\n    child = given.get('id')\n    if child is None:\n        ok = False\n    else:\n        value = read_2(F, child, (path + '.id' if path else 'id'), scope)\n        if value is None:\n            ok = False\n        values['id'] = value\n    child = given.get('category')\n    if child is None:\n        ok = False\n    else:\n        value = F.choice(child, (path + '.category' if path else 'category'), options_3)\n        if value is None:\n            ok = False\n        values['category'] = value\n    child = given.get('description')\n    if child is None:\n        ok = False\n    else:\n        value = child.value if child.kind == 'str' else F.string(child, (path + '.description' if path else 'description'), nullable=False)\n        if value is None:\n            ok = False\n        values['description'] = value\n    return values\n": _166,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = keys >= REQUIRED_KEYS or F.keys(node, path, REQUIRED, OPTIONAL, True)\n    values = {}\n    ok = True\n    child = given.get('name')\n    if child is None:\n        pass\n    else:\n        value = child.value if child.kind == 'str' else F.string(child, (path + '.name' if path else 'name'), nullable=True)\n        values['name'] = value\n    child = given.get('manufacturer')\n    if child is None:\n        pass\n    else:\n        value = child.value if child.kind == 'str' else F.string(child, (path + '.manufacturer' if path else 'manufacturer'), nullable=True)\n        values['manufacturer'] = value\n    child = given.get('source_url')\n    if child is None:\n        pass\n    else:\n        value = child.value if child.kind == 'str' else F.string(child, (path + '.source_url' if path else 'source_url'), nullable=True)\n        values['source_url'] = value\n    child = given.get('license')\n    if child is None:\n        pass\n    else:\n        value = child.value if child.kind == 'str' else F.string(child, (path + '.license' if path else 'license'), nullable=True)\n        values['license'] = value\n    if not ok:\n        return None\n    return values\n": _167,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('entity')\n    if child is None:\n        ok = False\n    else:\n        value = child.value if child.kind == 'str' else F.string(child, (path + '.entity' if path else 'entity'), nullable=False)\n        if value is None:\n            ok = False\n        values['entity'] = value\n    if not rule_4(F, node, path, values, scope):\n        ok = False\n    child = given.get('pos')\n    if child is None:\n        ok = False\n    else:\n        value = read_5(F, child, (path + '.pos' if path else 'pos'), scope)\n        if value is None:\n            ok = False\n        values['pos'] = value\n    child = given.get('collision')\n    if child is None:\n        pass\n    else:\n        value = F.boolean(child, (path + '.collision' if path else 'collision'))\n        if value is None:\n            ok = False\n        values['collision'] = value\n    if not ok:\n        return None\n    return values\n": _168,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = keys >= REQUIRED_KEYS or F.keys(node, path, REQUIRED, OPTIONAL, True)\n    values = {}\n    ok = True\n    child = given.get('visual')\n    if child is None:\n        ok = False\n    else:\n        value = read_0(F, child, (path + '.visual' if path else 'visual'), scope)\n        if value is None:\n            ok = False\n        values['visual'] = value\n    child = given.get('collision')\n    if child is None:\n        pass\n    else:\n        value = read_1(F, child, (path + '.collision' if path else 'collision'), scope)\n        values['collision'] = value\n    child = given.get('provenance')\n    if child is None:\n        pass\n    else:\n        value = read_2(F, child, (path + '.provenance' if path else 'provenance'), scope)\n        if value is None:\n            ok = False\n        values['provenance'] = value\n    if not ok:\n        return None\n    return values\n": _169,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = keys >= REQUIRED_KEYS or F.keys(node, path, REQUIRED, OPTIONAL, True)\n    values = {}\n    ok = True\n    child = given.get('ground_plane')\n    if child is None:\n        ok = False\n    else:\n        value = F.boolean(child, (path + '.ground_plane' if path else 'ground_plane'))\n        if value is None:\n            ok = False\n        values['ground_plane'] = value\n    child = given.get('entities')\n    if child is None:\n        ok = False\n    else:\n        value = read_1(F, child, (path + '.entities' if path else 'entities'), scope)\n        if value is None:\n            ok = False\n        values['entities'] = value\n    child = given.get('provenance')\n    if child is None:\n        pass\n    else:\n        value = read_2(F, child, (path + '.provenance' if path else 'provenance'), scope)\n        if value is None:\n            ok = False\n        values['provenance'] = value\n    if not ok:\n        return None\n    return values\n": _170,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('type')\n    if child is None:\n        ok = False\n    else:\n        value = child.value if child.kind == 'str' else F.string(child, (path + '.type' if path else 'type'), nullable=False)\n        if value is None:\n            ok = False\n        values['type'] = value\n    if not rule_5(F, node, path, values, scope):\n        ok = False\n    if not ok:\n        return None\n    return BUILD(values)\n": _171,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('radius')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.radius' if path else 'radius'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['radius'] = value\n    child = given.get('width')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.width' if path else 'width'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['width'] = value\n    if not ok:\n        return None\n    return BUILD(values)\n": _172,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('from')\n    if child is None:\n        ok = False\n    else:\n        items = child.value\n        value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None\n        if value is None:\n            value = F.vec3(child, (path + '.from' if path else 'from'), False, False)\n        if value is None:\n            ok = False\n        values['from'] = value\n    child = given.get('to')\n    if child is None:\n        ok = False\n    else:\n        items = child.value\n        value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None\n        if value is None:\n            value = F.vec3(child, (path + '.to' if path else 'to'), False, False)\n        if value is None:\n            ok = False\n        values['to'] = value\n    if 'from' in given and 'to' in given and not rule_2(F, node, path, values, scope):\n        ok = False\n    if not ok:\n        return None\n    return BUILD(values)\n": _173,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('width')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.width' if path else 'width'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['width'] = value\n    child = given.get('travel_per_turn_m')\n    if child is None:\n        pass\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.travel_per_turn_m' if path else 'travel_per_turn_m'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['travel_per_turn_m'] = value\n    child = given.get('ground')\n    if child is None:\n        ok = False\n    else:\n        value = read_2(F, child, (path + '.ground' if path else 'ground'), scope)\n        if value is None:\n            ok = False\n        values['ground'] = value\n    if not ok:\n        return None\n    return BUILD(values)\n": _174,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('rated_voltage_v')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.rated_voltage_v' if path else 'rated_voltage_v'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['rated_voltage_v'] = value\n    child = given.get('no_load_speed_rad_s')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.no_load_speed_rad_s' if path else 'no_load_speed_rad_s'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['no_load_speed_rad_s'] = value\n    child = given.get('stall_torque_nm')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.stall_torque_nm' if path else 'stall_torque_nm'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['stall_torque_nm'] = value\n    child = given.get('stall_current_a')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.stall_current_a' if path else 'stall_current_a'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['stall_current_a'] = value\n    if not rule_6(F, node, path, values, scope):\n        ok = False\n    child = given.get('bus')\n    if child is None:\n        pass\n    else:\n        value = F.identifier(child, (path + '.bus' if path else 'bus'))\n        if value is None:\n            ok = False\n        values['bus'] = value\n    if not ok:\n        return None\n    return BUILD(values)\n": _175,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('voltage_nominal_v')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.voltage_nominal_v' if path else 'voltage_nominal_v'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['voltage_nominal_v'] = value\n    if not rule_3(F, node, path, values, scope):\n        ok = False\n    child = given.get('capacity_ah')\n    if child is None:\n        pass\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.capacity_ah' if path else 'capacity_ah'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['capacity_ah'] = value\n    if not ok:\n        return None\n    return BUILD(values)\n": _176,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    if not rule_0(F, node, path, values, scope):\n        ok = False\n        return None\n    child = given.get('channels')\n    if child is None:\n        pass\n    else:\n        value = F.integer(child, (path + '.channels' if path else 'channels'), positive=True)\n        if value is None:\n            ok = False\n        values['channels'] = value\n    child = given.get('buses')\n    if child is None:\n        pass\n    else:\n        value = read_2(F, child, (path + '.buses' if path else 'buses'), scope)\n        if value is None:\n            ok = False\n        values['buses'] = value\n    if not rule_3(F, node, path, values, scope):\n        ok = False\n    if not rule_6(F, node, path, values, scope):\n        ok = False\n    child = given.get('continuous_current_per_channel_a')\n    if child is None:\n        pass\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.continuous_current_per_channel_a' if path else 'continuous_current_per_channel_a'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['continuous_current_per_channel_a'] = value\n    child = given.get('peak_current_per_channel_a')\n    if child is None:\n        pass\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.peak_current_per_channel_a' if path else 'peak_current_per_channel_a'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['peak_current_per_channel_a'] = value\n    if not rule_9(F, node, path, values, scope):\n        ok = False\n    child = given.get('output_voltage_v')\n    if child is None:\n        pass\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.output_voltage_v' if path else 'output_voltage_v'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['output_voltage_v'] = value\n    if not ok:\n        return None\n    return BUILD(values)\n": _177,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('min_m')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or value < 0:\n            value = F.number(child, (path + '.min_m' if path else 'min_m'), positive=False, nonnegative=True)\n        if value is None:\n            ok = False\n        values['min_m'] = value\n    child = given.get('max_m')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.max_m' if path else 'max_m'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['max_m'] = value\n    child = given.get('field_of_view_rad')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.field_of_view_rad' if path else 'field_of_view_rad'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['field_of_view_rad'] = value\n    child = given.get('rate_hz')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.rate_hz' if path else 'rate_hz'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['rate_hz'] = value\n    if 'min_m' in given and 'max_m' in given and not rule_4(F, node, path, values, scope):\n        ok = False\n    if 'field_of_view_rad' in given and not rule_5(F, node, path, values, scope):\n        ok = False\n    if not ok:\n        return None\n    return BUILD(values)\n": _178,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('xyz')\n    if child is None:\n        ok = False\n    else:\n        items = child.value\n        value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None\n        if value is None:\n            value = F.vec3(child, (path + '.xyz' if path else 'xyz'), False, False)\n        if value is None:\n            ok = False\n        values['xyz'] = value\n    child = given.get('radius')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.radius' if path else 'radius'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['radius'] = value\n    child = given.get('note')\n    if child is None:\n        pass\n    else:\n        value = child.value if child.kind == 'str' else F.string(child, (path + '.note' if path else 'note'), nullable=True)\n        values['note'] = value\n    if not ok:\n        return None\n    return BUILD(values)\n": _179,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('type')\n    if child is None:\n        ok = False\n    else:\n        value = F.choice(child, (path + '.type' if path else 'type'), options_0)\n        if value is None:\n            ok = False\n        values['type'] = value\n    if not rule_2(F, node, path, values, scope):\n        ok = False\n    if not ok:\n        return None\n    return BUILD(values)\n": _180,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('axis')\n    if child is None:\n        ok = False\n    else:\n        items = child.value\n        value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None\n        if value is None or abs(sqrt(sum((value[0] * value[0], value[1] * value[1], value[2] * value[2]))) - 1.0) > UNIT_TOLERANCE:\n            value = F.unit_vec3(child, (path + '.axis' if path else 'axis'))\n        if value is None:\n            ok = False\n        values['axis'] = value\n    child = given.get('max_angle_rad')\n    if child is None:\n        ok = False\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.max_angle_rad' if path else 'max_angle_rad'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['max_angle_rad'] = value\n    if not ok:\n        return None\n    return BUILD(values)\n": _181,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('turns')\n    if child is None:\n        ok = False\n    else:\n        value = read_0(F, child, (path + '.turns' if path else 'turns'), scope)\n        if value is None:\n            ok = False\n        values['turns'] = value\n    child = given.get('reduction')\n    if child is None:\n        pass\n    else:\n        value = plain_value(child)\n        if value is None or not value > 0:\n            value = F.number(child, (path + '.reduction' if path else 'reduction'), positive=True, nonnegative=False)\n        if value is None:\n            ok = False\n        values['reduction'] = value\n    if not ok:\n        return None\n    return BUILD(values)\n": _182,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('pos')\n    if child is None:\n        ok = False\n    else:\n        items = child.value\n        value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None\n        if value is None:\n            value = F.vec3(child, (path + '.pos' if path else 'pos'), False, False)\n        if value is None:\n            ok = False\n        values['pos'] = value\n    child = given.get('dir')\n    if child is None:\n        ok = False\n    else:\n        items = child.value\n        value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None\n        if value is None or abs(sqrt(sum((value[0] * value[0], value[1] * value[1], value[2] * value[2]))) - 1.0) > UNIT_TOLERANCE:\n            value = F.unit_vec3(child, (path + '.dir' if path else 'dir'))\n        if value is None:\n            ok = False\n        values['dir'] = value\n    child = given.get('up')\n    if child is None:\n        pass\n    else:\n        items = child.value\n        value = plain_triple(items) if child.kind == 'seq' and len(items) == 3 else None\n        if value is None or abs(sqrt(sum((value[0] * value[0], value[1] * value[1], value[2] * value[2]))) - 1.0) > UNIT_TOLERANCE:\n            value = F.unit_vec3(child, (path + '.up' if path else 'up'))\n        if value is None:\n            ok = False\n        values['up'] = value\n    if 'up' in given and 'dir' in given and not rule_3(F, node, path, values, scope):\n        ok = False\n    child = given.get('joint')\n    if child is None:\n        pass\n    else:\n        if not allowed_4(scope):\n            F.unsupported(node, 'joint', (path + '.joint' if path else 'joint'), not_allowed_4.format(category=getattr(scope, 'category', '')))\n            ok = False\n        else:\n            value = read_4(F, child, (path + '.joint' if path else 'joint'), scope)\n            if value is None:\n                ok = False\n            values['joint'] = value\n    child = given.get('well')\n    if child is None:\n        pass\n    else:\n        value = read_5(F, child, (path + '.well' if path else 'well'), scope)\n        if value is None:\n            ok = False\n        values['well'] = value\n    child = given.get('steering')\n    if child is None:\n        pass\n    else:\n        if not allowed_6(scope):\n            F.unsupported(node, 'steering', (path + '.steering' if path else 'steering'), not_allowed_6.format(category=getattr(scope, 'category', '')))\n            ok = False\n        else:\n            value = read_6(F, child, (path + '.steering' if path else 'steering'), scope)\n            if value is None:\n                ok = False\n            values['steering'] = value\n    child = given.get('driveline')\n    if child is None:\n        pass\n    else:\n        if not allowed_7(scope):\n            F.unsupported(node, 'driveline', (path + '.driveline' if path else 'driveline'), not_allowed_7.format(category=getattr(scope, 'category', '')))\n            ok = False\n        else:\n            value = read_7(F, child, (path + '.driveline' if path else 'driveline'), scope)\n            if value is None:\n                ok = False\n            values['driveline'] = value\n    if not ok:\n        return None\n    return values\n": _183,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or F.keys(node, path, REQUIRED, OPTIONAL, False)\n    values = {}\n    ok = True\n    child = given.get('mounts')\n    if child is None:\n        ok = False\n    else:\n        value = read_0(F, child, (path + '.mounts' if path else 'mounts'), scope)\n        if value is None:\n            ok = False\n        values['mounts'] = value\n    if not ok:\n        return None\n    return BUILD(values)\n": _184,
    "def read(F, node, path, scope):\n    if node is None:\n        return None\n    if node.kind != 'map':\n        F.wrong_type(node, path, 'a mapping')\n        return None\n    given = node.value\n    keys = given.keys()\n    keys_ok = keys >= REQUIRED_KEYS or F.keys(node, path, REQUIRED, OPTIONAL, True)\n    values = {}\n    ok = True\n    child = given.get('visual')\n    if child is None:\n        ok = False\n    else:\n        value = read_0(F, child, (path + '.visual' if path else 'visual'), scope)\n        if value is None:\n            ok = False\n        values['visual'] = value\n    child = given.get('collision')\n    if child is None:\n        pass\n    else:\n        if not allowed_1(scope):\n            F.unsupported(node, 'collision', (path + '.collision' if path else 'collision'), not_allowed_1.format(category=getattr(scope, 'category', '')))\n            ok = False\n        else:\n            value = read_1(F, child, (path + '.collision' if path else 'collision'), scope)\n            values['collision'] = value\n    child = given.get('wheel')\n    if child is None:\n        if required_if_2(scope):\n            F.missing(node, path + '.wheel' if path else 'wheel', why_2)\n            ok = False\n    else:\n        if not allowed_2(scope):\n            F.unsupported(node, 'wheel', (path + '.wheel' if path else 'wheel'), not_allowed_2.format(category=getattr(scope, 'category', '')))\n            ok = False\n        else:\n            value = read_2(F, child, (path + '.wheel' if path else 'wheel'), scope)\n            if value is None:\n                ok = False\n            values['wheel'] = value\n    child = given.get('track')\n    if child is None:\n        if required_if_3(scope):\n            F.missing(node, path + '.track' if path else 'track', why_3)\n            ok = False\n    else:\n        if not allowed_3(scope):\n            F.unsupported(node, 'track', (path + '.track' if path else 'track'), not_allowed_3.format(category=getattr(scope, 'category', '')))\n            ok = False\n        else:\n            value = read_3(F, child, (path + '.track' if path else 'track'), scope)\n            if value is None:\n                ok = False\n            values['track'] = value\n    child = given.get('motor')\n    if child is None:\n        if required_if_4(scope):\n            F.missing(node, path + '.motor' if path else 'motor', why_4)\n            ok = False\n    else:\n        if not allowed_4(scope):\n            F.unsupported(node, 'motor', (path + '.motor' if path else 'motor'), not_allowed_4.format(category=getattr(scope, 'category', '')))\n            ok = False\n        else:\n            value = read_4(F, child, (path + '.motor' if path else 'motor'), scope)\n            if value is None:\n                ok = False\n            values['motor'] = value\n    child = given.get('battery')\n    if child is None:\n        if required_if_5(scope):\n            F.missing(node, path + '.battery' if path else 'battery', why_5)\n            ok = False\n    else:\n        if not allowed_5(scope):\n            F.unsupported(node, 'battery', (path + '.battery' if path else 'battery'), not_allowed_5.format(category=getattr(scope, 'category', '')))\n            ok = False\n        else:\n            value = read_5(F, child, (path + '.battery' if path else 'battery'), scope)\n            if value is None:\n                ok = False\n            values['battery'] = value\n    child = given.get('driver')\n    if child is None:\n        if required_if_6(scope):\n            F.missing(node, path + '.driver' if path else 'driver', why_6)\n            ok = False\n    else:\n        if not allowed_6(scope):\n            F.unsupported(node, 'driver', (path + '.driver' if path else 'driver'), not_allowed_6.format(category=getattr(scope, 'category', '')))\n            ok = False\n        else:\n            value = read_6(F, child, (path + '.driver' if path else 'driver'), scope)\n            if value is None:\n                ok = False\n            values['driver'] = value\n    child = given.get('range')\n    if child is None:\n        if required_if_7(scope):\n            F.missing(node, path + '.range' if path else 'range', why_7)\n            ok = False\n    else:\n        if not allowed_7(scope):\n            F.unsupported(node, 'range', (path + '.range' if path else 'range'), not_allowed_7.format(category=getattr(scope, 'category', '')))\n            ok = False\n        else:\n            value = read_7(F, child, (path + '.range' if path else 'range'), scope)\n            if value is None:\n                ok = False\n            values['range'] = value\n    child = given.get('inertial')\n    if child is None:\n        ok = False\n    else:\n        value = read_8(F, child, (path + '.inertial' if path else 'inertial'), scope)\n        if value is None:\n            ok = False\n        values['inertial'] = value\n    if not rule_9(F, node, path, values, scope):\n        ok = False\n    child = given.get('connectors')\n    if child is None:\n        ok = False\n    else:\n        value = read_10(F, child, (path + '.connectors' if path else 'connectors'), scope)\n        if value is None:\n            ok = False\n        values['connectors'] = value\n    if not rule_11(F, node, path, values, scope):\n        ok = False\n    child = given.get('profiles')\n    if child is None:\n        ok = False\n    else:\n        value = read_12(F, child, (path + '.profiles' if path else 'profiles'), scope)\n        if value is None:\n            ok = False\n        values['profiles'] = value\n    child = given.get('contacts')\n    if child is None:\n        pass\n    else:\n        value = read_13(F, child, (path + '.contacts' if path else 'contacts'), scope)\n        if value is None:\n            ok = False\n        values['contacts'] = value\n    child = given.get('provenance')\n    if child is None:\n        pass\n    else:\n        value = read_14(F, child, (path + '.provenance' if path else 'provenance'), scope)\n        if value is None:\n            ok = False\n        values['provenance'] = value\n    if not rule_19(F, node, path, values, scope):\n        ok = False\n    if not ok:\n        return None\n    return values\n": _185,
}
