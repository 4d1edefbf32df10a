// The view page's script: draws the scene blob (mobiledsl/view/scene.py) with the vendored
// three.js. World frame as in the records: metres, +z up. Everything taken from the blob
// reaches the document as text (textContent), never as markup.
(function () {
  'use strict';
  const T = globalThis.THREE;
  const t0 = performance.now();
  const data = JSON.parse(document.getElementById('scene').textContent);
  const errors = [];
  const summary = { ready: false, errors, program: data.program, robot: data.robot };
  window.mobiledslScene = summary;

  const canvas = document.getElementById('view');
  const renderer = new T.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  const scene = new T.Scene();
  scene.background = new T.Color(0xeef1f4);
  const camera = new T.PerspectiveCamera(45, 1, 0.005, 500);
  camera.up.set(0, 0, 1);
  const controls = new T.OrbitControls(camera, canvas);
  scene.add(new T.HemisphereLight(0xffffff, 0x777788, 2.2));
  const sun = new T.DirectionalLight(0xffffff, 1.6);
  sun.position.set(3, -4, 8);
  scene.add(sun);

  // layers the toggles show and hide
  const layers = {};
  function layer(name, visible) {
    const g = new T.Group();
    g.name = name;
    g.visible = visible;
    layers[name] = g;
    return g;
  }
  const robot = new T.Group();
  robot.name = 'robot';
  scene.add(robot);
  const visuals = layer('visual meshes', true), collisions = layer('collision shapes', false);
  const frames = layer('connectors', true), glue = layer('glue frames', true);
  const stability = layer('centre of mass and support', true);
  const pins = layer('diagnostics', true);
  robot.add(visuals, collisions, frames, glue, stability);
  const world = layer('world', true), paths = layer('paths', true);
  const helpers = layer('grid and axes', true);
  scene.add(world, paths, helpers, pins);

  function v3(a) { return new T.Vector3(a[0], a[1], a[2]); }
  function place(obj, pos, quat) {
    obj.position.set(pos[0], pos[1], pos[2]);
    obj.quaternion.set(quat[1], quat[2], quat[3], quat[0]);    // MJCF's w x y z
  }
  function material(rgba, opts) {
    return new T.MeshStandardMaterial(Object.assign({
      color: new T.Color(rgba[0], rgba[1], rgba[2]), roughness: 0.7, metalness: 0.05,
      transparent: rgba[3] < 1, opacity: rgba[3],
    }, opts || {}));
  }

  // -- meshes, each parsed once and cloned where it is used --------------------------------
  function bytes(b64) {
    const s = atob(b64), out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out.buffer;
  }
  const parsed = {};
  let pending = 0;
  function meshObject(id) {
    if (!(id in parsed)) {
      const m = data.meshes[id];
      parsed[id] = new Promise(function (resolve) {
        try {
          if (m.format === 'stl') {
            const geometry = new T.STLLoader().parse(bytes(m.base64));
            resolve(new T.Mesh(geometry, material([0.7, 0.7, 0.75, 1])));
          } else if (m.format === 'obj') {
            const loader = new T.OBJLoader();
            if (m.mtl) loader.setMaterials(new T.MTLLoader().parse(m.mtl, ''));
            resolve(loader.parse(m.text));
          } else if (m.format === 'dae') {
            const s = new T.ColladaLoader().parse(m.text, '').scene;
            // the loader turns a Z_UP file to three's Y up; our world is Z up already
            if (m.text.indexOf('<up_axis>Z_UP') >= 0) s.rotation.set(0, 0, 0);
            else s.rotation.set(Math.PI / 2, 0, 0);
            resolve(s);
          } else if (m.format === 'glb' || m.format === 'gltf') {
            // the library's glTF files are written in the part's own frame (+z up)
            new T.GLTFLoader().parse(m.format === 'glb' ? bytes(m.base64) : m.text, '',
              function (g) { resolve(g.scene); },
              function (e) { errors.push(id + ': ' + e); resolve(null); });
          } else resolve(null);
        } catch (e) { errors.push(id + ': ' + e); resolve(null); }
      });
    }
    return parsed[id];
  }

  function primitive(g) {
    const s = g.size;
    let geometry = null, turn = false;
    if (g.type === 'box') geometry = new T.BoxGeometry(2 * s[0], 2 * s[1], 2 * s[2]);
    else if (g.type === 'sphere') geometry = new T.SphereGeometry(s[0], 24, 16);
    else if (g.type === 'ellipsoid') {
      geometry = new T.SphereGeometry(1, 24, 16);
      geometry.scale(s[0], s[1], s[2]);
    } else if (g.type === 'cylinder') {
      geometry = new T.CylinderGeometry(s[0], s[0], 2 * s[1], 32); turn = true;
    } else if (g.type === 'capsule') {
      geometry = new T.CapsuleGeometry(s[0], 2 * s[1], 8, 16); turn = true;
    }
    if (geometry && turn) geometry.rotateX(Math.PI / 2);     // three's axis is y, MJCF's z
    return geometry;
  }

  const pickable = [];
  const counts = { links: [], collision: [], visual: [], connectors: [], glue: [], world: [],
                   pins: 0 };
  function addGeom(g, parent, label, opts) {
    const holder = new T.Group();
    place(holder, g.pos, g.quat);
    holder.userData.label = label;
    parent.add(holder);
    if (g.type === 'mesh' && g.mesh) {
      pending++;
      meshObject(g.mesh).then(function (obj) {
        pending--;
        if (!obj) return;
        const copy = obj.clone(true);
        copy.traverse(function (o) {
          if (o.isMesh) { o.userData.label = label; pickable.push(o); }
        });
        holder.add(copy);
        requestRender();
      });
      return holder;
    }
    const geometry = primitive(g);
    if (!geometry) return holder;
    const mesh = new T.Mesh(geometry, opts && opts.wire
      ? new T.MeshBasicMaterial({ color: 0xff5a1f, wireframe: true, transparent: true,
                                  opacity: 0.8 })
      : material(g.rgba));
    mesh.userData.label = label;
    pickable.push(mesh);
    holder.add(mesh);
    return holder;
  }

  // -- the robot, in its base's frame ------------------------------------------------------
  place(robot, data.base.pos, data.base.quat);
  const linkAt = {};
  for (const link of data.links) {
    counts.links.push(link.name);
    linkAt[link.name] = v3(link.pos);
    if (link.component) linkAt[link.component] = v3(link.pos);
  }
  const hasVisual = new Set(data.geoms.filter(g => g.kind === 'visual').map(g => g.link));
  for (const g of data.geoms) {
    const label = 'link ' + g.link + (g.part ? ' (' + g.part + ')' : '') +
      (g.kind === 'collision' ? ' - collision ' + g.type : '');
    if (g.kind === 'collision') {
      addGeom(g, collisions, label, { wire: true });
      counts.collision.push(g.name);
      // a link with no visual of its own is drawn by its collision shapes
      if (!hasVisual.has(g.link)) addGeom(g, visuals, label);
    } else {
      addGeom(g, visuals, label);
      counts.visual.push(g.name);
    }
  }
  function arrow(dir, origin, length, color, parent) {
    const d = v3(dir);
    if (d.lengthSq() === 0) return;
    parent.add(new T.ArrowHelper(d.normalize(), v3(origin), length, color, 0.3 * length,
                                 0.15 * length));
  }
  const bbox = new T.Box3();
  for (const l of data.links) bbox.expandByPoint(v3(l.pos));
  const robotSize = Math.max(0.1, bbox.getSize(new T.Vector3()).length());
  const arrowLength = 0.12 * robotSize;
  for (const c of data.connectors) {
    const dot = new T.Mesh(new T.SphereGeometry(0.012 * robotSize, 12, 8),
      new T.MeshBasicMaterial({ color: c.occupied_by ? 0x2f6fde : 0x9aa4b1 }));
    dot.position.copy(v3(c.pos));
    dot.userData.label = 'connector ' + c.name + (c.occupied_by ? ' - holds ' + c.occupied_by
      : ' - free');
    pickable.push(dot);
    frames.add(dot);
    arrow(c.dir, c.pos, arrowLength, 0x2f6fde, frames);
    if (c.up) arrow(c.up, c.pos, 0.7 * arrowLength, 0x1f9d55, frames);
    counts.connectors.push(c.name);
  }
  for (const g of data.glue) {
    arrow(g.dir, g.pos, 1.4 * arrowLength, 0xe07b00, glue);
    if (g.up) arrow(g.up, g.pos, arrowLength, 0xb000b5, glue);
    counts.glue.push(g.component);
  }
  const a = data.analysis;
  if (a.com) {
    const com = new T.Mesh(new T.SphereGeometry(0.025 * robotSize, 16, 12),
      new T.MeshBasicMaterial({ color: 0xd0021b, depthTest: false }));
    com.renderOrder = 2;
    com.position.copy(v3(a.com));
    com.userData.label = 'centre of mass' + (a.mass_kg ? ' (' + a.mass_kg.toFixed(3) + ' kg)' : '');
    pickable.push(com);
    stability.add(com);
    stability.add(line([a.com, [a.com[0], a.com[1], a.ground_z]], 0xd0021b));
    if (a.margin_m) {
      const ring = new T.Mesh(new T.RingGeometry(Math.max(0, a.margin_m - 0.003), a.margin_m, 64),
        new T.MeshBasicMaterial({ color: 0xd0021b, side: T.DoubleSide }));
      ring.position.set(a.com[0], a.com[1], a.ground_z + 0.001);
      stability.add(ring);
    }
  }
  if (a.support_polygon.length) {
    const loop = a.support_polygon.concat([a.support_polygon[0]]);
    stability.add(line(loop.map(p => [p[0], p[1], p[2] + 0.002]), 0x0b7a75));
  }
  function line(points, color, dashed) {
    const geometry = new T.BufferGeometry().setFromPoints(points.map(v3));
    const l = new T.Line(geometry, dashed
      ? new T.LineDashedMaterial({ color, dashSize: 0.05, gapSize: 0.03 })
      : new T.LineBasicMaterial({ color }));
    if (dashed) l.computeLineDistances();
    return l;
  }

  // -- the world -----------------------------------------------------------------------------
  const extent = new T.Box3().expandByPoint(new T.Vector3(-1, -1, 0))
    .expandByPoint(new T.Vector3(1, 1, 0));
  for (const e of data.world) {
    const group = new T.Group();
    group.name = e.name;
    const goal = data.goals.indexOf(e.name) >= 0;
    const label = e.kind + ' ' + e.name + (goal ? ' (goal)' : '');
    const meshVisual = e.geoms.some(g => g.kind === 'visual' && g.mesh);
    for (const g of e.geoms) {
      if (meshVisual && g.kind === 'collision') {
        addGeom(g, collisions, label, { wire: true });
        continue;
      }
      addGeom(g, group, label);
    }
    if (goal || e.kind === 'Marker') {
      const pole = line([e.pos, [e.pos[0], e.pos[1], e.pos[2] + 0.5]], goal ? 0x0a8f3c : 0x666666);
      group.add(pole);
    }
    extent.expandByPoint(v3(e.pos));
    world.add(group);
    counts.world.push(e.name);
  }
  // the grid covers the world, at a metre a square
  const half = Math.ceil(Math.max(Math.abs(extent.min.x), Math.abs(extent.max.x),
                                  Math.abs(extent.min.y), Math.abs(extent.max.y)) + 1);
  const grid = new T.GridHelper(2 * half, 2 * half, 0x8a94a0, 0xc5ccd3);
  grid.rotation.x = Math.PI / 2;
  helpers.add(grid, new T.AxesHelper(0.5));

  // -- diagnostics, each pinned to the part it names -------------------------------------------
  const list = document.getElementById('diagnostics');
  for (const d of data.diagnostics) {
    const li = document.createElement('li');
    li.className = d.severity || '';
    li.textContent = (d.severity || '') + ' ' + (d.code || '') + ': ' + (d.message || '') +
      (d.part ? ' [' + d.part + ']' : '');
    list.appendChild(li);
    let at = null;
    if (d.part && linkAt[d.part]) at = robot.localToWorld(linkAt[d.part].clone());
    const entity = data.world.find(e => e.name === d.part);
    if (!at && entity) at = v3(entity.pos);
    if (at) {
      const pin = new T.Mesh(new T.ConeGeometry(0.02 * robotSize, 0.06 * robotSize, 12),
        new T.MeshBasicMaterial({ color: d.severity === 'error' ? 0xb00020 : 0xe0a800,
                                  depthTest: false }));
      pin.rotation.x = -Math.PI / 2;
      pin.renderOrder = 3;
      pin.position.copy(at).add(new T.Vector3(0, 0, 0.06 * robotSize));
      pin.userData.label = li.textContent;
      pickable.push(pin);
      pins.add(pin);
      counts.pins++;
      li.addEventListener('click', function () { controls.target.copy(at); requestRender(); });
    }
  }

  // -- the run: planned and driven paths, and the replay -----------------------------------
  const run = data.run;
  const replay = { frames: 0, frame: 0, playing: false };
  if (run) {
    const lift = p => [p[0], p[1], 0.004];
    paths.add(line(run.driven.map(lift), 0x0a8f3c));
    for (const p of run.planned) paths.add(line(p.path.map(lift), 0x2f6fde, true));
    for (const p of run.driven) extent.expandByPoint(v3(p));
    replay.frames = run.poses.length;
    document.getElementById('replay').hidden = false;
    document.getElementById('scrub').max = String(replay.frames - 1);
  }
  function setFrame(i) {
    if (!run || !replay.frames) return null;
    i = Math.max(0, Math.min(replay.frames - 1, Math.round(i)));
    replay.frame = i;
    const p = run.poses[i];
    place(robot, p, p.slice(3, 7));
    document.getElementById('scrub').value = String(i);
    document.getElementById('clock').textContent =
      (run.start_s + (i + 1) * run.tick_s).toFixed(2) + ' s';
    requestRender();
    return [robot.position.x, robot.position.y, robot.position.z];
  }
  const play = document.getElementById('play');
  play.addEventListener('click', function () {
    replay.playing = !replay.playing;
    if (replay.playing && replay.frame >= replay.frames - 1) setFrame(0);
    play.textContent = replay.playing ? 'pause' : 'play';
    last = performance.now();
    requestRender();
  });
  document.getElementById('scrub').addEventListener('input', function (ev) {
    replay.playing = false;
    play.textContent = 'play';
    setFrame(Number(ev.target.value));
  });

  // -- toggles, hover, panel ---------------------------------------------------------------
  document.getElementById('title').textContent = data.robot + ' (' + data.program + ')' +
    (a.margin_m != null ? ' - stability margin ' + (1000 * a.margin_m).toFixed(1) + ' mm' : '');
  const toggles = document.getElementById('toggles');
  for (const name of Object.keys(layers)) {
    const label = document.createElement('label');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.checked = layers[name].visible;
    box.addEventListener('change', function () { layers[name].visible = box.checked; requestRender(); });
    label.appendChild(box);
    label.appendChild(document.createTextNode(' ' + name));
    toggles.appendChild(label);
  }
  const hover = document.getElementById('hover');
  const ray = new T.Raycaster();
  canvas.addEventListener('pointermove', function (ev) {
    const r = canvas.getBoundingClientRect();
    ray.setFromCamera(new T.Vector2((ev.clientX - r.left) / r.width * 2 - 1,
                                    -(ev.clientY - r.top) / r.height * 2 + 1), camera);
    const hit = ray.intersectObjects(pickable.filter(visibleAll), false)[0];
    hover.hidden = !hit;
    if (hit) {
      hover.textContent = hit.object.userData.label;
      hover.style.left = (ev.clientX + 12) + 'px';
      hover.style.top = (ev.clientY + 12) + 'px';
    }
  });
  function visibleAll(o) {
    for (; o; o = o.parent) if (!o.visible) return false;
    return true;
  }

  // -- the camera frames the robot -----------------------------------------------------------
  function robotBox() {
    robot.updateMatrixWorld(true);
    const box = new T.Box3().setFromObject(visuals);
    if (box.isEmpty()) box.setFromObject(robot);
    if (box.isEmpty()) box.setFromCenterAndSize(robot.position.clone(), new T.Vector3(0.3, 0.3, 0.3));
    return box;
  }
  function frameRobot() {
    const box = robotBox();
    const centre = box.getCenter(new T.Vector3());
    const radius = Math.max(0.05, box.getSize(new T.Vector3()).length() / 2);
    const distance = 1.8 * radius / Math.sin(T.MathUtils.degToRad(camera.fov / 2));
    camera.position.copy(centre).add(new T.Vector3(-0.9, -1.2, 0.8).normalize()
                                                                   .multiplyScalar(distance));
    controls.target.copy(centre);
    controls.update();
  }
  function robotInView() {
    camera.updateMatrixWorld(true);
    const box = robotBox();
    for (const x of [box.min.x, box.max.x]) for (const y of [box.min.y, box.max.y])
      for (const z of [box.min.z, box.max.z]) {
        const p = new T.Vector3(x, y, z).project(camera);
        if (Math.abs(p.x) > 1 || Math.abs(p.y) > 1 || p.z > 1) return false;
      }
    return true;
  }

  // -- rendering -----------------------------------------------------------------------------
  let wanted = false, last = performance.now();
  function resize() {
    const w = canvas.clientWidth || window.innerWidth, h = canvas.clientHeight || window.innerHeight;
    renderer.setSize(w, h, false);
    camera.aspect = w / Math.max(1, h);
    camera.updateProjectionMatrix();
  }
  function draw() {
    wanted = false;
    const now = performance.now();
    if (replay.playing) {
      // real time: a tick of the trace each tick_s
      const step = (now - last) / 1000 / run.tick_s;
      if (step >= 1) {
        last = now;
        setFrame(replay.frame + Math.floor(step));
        if (replay.frame >= replay.frames - 1) {
          replay.playing = false;
          play.textContent = 'play';
        }
      }
      requestRender();
    }
    controls.update();
    renderer.render(scene, camera);
  }
  function requestRender() {
    if (!wanted) { wanted = true; requestAnimationFrame(draw); }
  }
  controls.addEventListener('change', requestRender);
  window.addEventListener('resize', function () { resize(); requestRender(); });
  resize();

  function finish() {
    if (pending > 0) { setTimeout(finish, 10); return; }
    frameRobot();
    renderer.render(scene, camera);
    Object.assign(summary, {
      links: counts.links, collisionShapes: counts.collision, visualMeshes: counts.visual,
      connectors: counts.connectors, glueFrames: counts.glue, worldObjects: counts.world,
      diagnostics: data.diagnostics.length, pins: counts.pins,
      com: !!a.com, supportPolygon: a.support_polygon.length,
      replayFrames: replay.frames,
      robotInView: robotInView,
      cameraTarget: function () { return controls.target.toArray(); },
      setFrame: setFrame,
      robotPosition: function () { return robot.position.toArray(); },
      webgl: renderer.getContext() ? renderer.getContext().getParameter(
        renderer.getContext().VERSION) : null,
      firstFrameMs: performance.now() - t0,
      ready: true,
    });
    if (window.MOBILEDSL_SERVE) watchFile();
  }
  finish();

  // -- mobiledsl view --serve: reload when the page on disk changes ---------------------------
  function watchFile() {
    let seen = null;
    setInterval(function () {
      fetch('/mtime', { cache: 'no-store' }).then(r => r.text()).then(function (t) {
        if (seen !== null && t !== seen) location.reload();
        seen = t;
      }).catch(function () {});
    }, 1000);
  }
})();
