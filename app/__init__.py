"""The use cases: what each command does, as functions over the library that return plain results.

Between the command line and the library (style.md, "Use cases between the CLI and the library"):
``cli.py`` parses a command's options, calls one function here, renders its result and prints
it; the functions here read the game file and its posts (``load``), decide what the command
asks of the library, and hand back data for report/ to render. They import the library
(report/, audit/, tally/, scraper/), never cli.py.
"""
