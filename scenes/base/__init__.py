"""Scene bases: the narrated beat scene, the 3D geometry scene, the scene list and the
scene parameters."""
