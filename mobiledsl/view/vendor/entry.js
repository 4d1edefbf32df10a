// The one entry point esbuild bundles into three-bundle.min.js (see README.md): three.js
// and the few examples/jsm modules the view page uses, as one global, so the page can
// inline a classic <script> that runs from file:// with no module loading at all.
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { MTLLoader } from 'three/examples/jsm/loaders/MTLLoader.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { ColladaLoader } from 'three/examples/jsm/loaders/ColladaLoader.js';

globalThis.THREE = Object.assign({}, THREE,
  { OrbitControls, STLLoader, OBJLoader, MTLLoader, GLTFLoader, ColladaLoader });
