"""`mobiledsl view`: one self-contained HTML page showing the built robot in 3D, its world and
its run (three.js, vendored in ``vendor/``). The scene is derived from the build records
(``scene.py``), written into the page as one JSON blob (``page.py``)."""
