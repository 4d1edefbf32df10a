"""``mobiledsl fix``: write the machine-applicable suggestions of a compile into the files.

``edits`` applies fixes to a file's text (span edits for programs, a round trip through
ruamel.yaml for component.yaml); ``command`` finds them, by compiling the project's programs
and loading its libraries, and writes the files.
"""
