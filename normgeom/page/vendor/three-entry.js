// The three.js the page uses: the library and the two addons it needs, in one global THREE.
export * from "three";
export { OrbitControls } from "three/addons/controls/OrbitControls.js";
export { CSS2DObject, CSS2DRenderer } from "three/addons/renderers/CSS2DRenderer.js";
