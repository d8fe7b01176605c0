"""A persistent worker for rapcc's command line and build hook (issue 20).

Importing NumPy, Jinja, pycparser, libclang's bindings and rapcc itself costs
a process about 0.15-0.2 s, more than the whole analysis of a typical kernel
file. A build's first `rapcc-nvcc` rewrite starts a server that has done those
imports once (the `rapcc` command line only with `RAPCC_SERVER=1`, nothing
where `CI` is set: `policy.py`); each later run connects to it, and the
server forks a child that runs the command in the caller's working folder,
environment, umask and standard streams (passed as file descriptors), so the
child behaves as the one-shot process would, and reports the exit status.

- Each request runs in a fresh fork of the server: no state, cache or open
  file survives from one request to the next except what the server itself
  did (imports, and at its first pause one warm-up rewrite of a built-in
  kernel, whose caches are pure functions of their arguments).
- A server serves one installation exactly: its address is a hash of the
  interpreter, `sys.path`, the environment variables read at start-up, and the
  size and modification time of every rapcc source and template and of its
  dependencies' modules (`address.py`). A changed file gives a new address;
  the old server notices that its files changed and exits.
- It exits after `RAPCC_SERVER_IDLE` seconds without a request (default 300).
- It is visible and scoped: `KEY.json` records its installation, process id
  and start time (`registry.py`), `python -m rapcc.server status` lists the
  user's servers and `stop` stops this installation's (`control.py`); it runs
  in `/`, and a starting server removes what dead ones left behind.
- Anything that goes wrong before the command starts (no server, a refused
  connection, a server that does not answer) makes the caller run the
  command itself, as without a server; `RAPCC_SERVER=0` turns it off.

`address.py` and `client.py` import nothing but the standard library: they run
in every `rapcc` and `rapcc-nvcc` process.
"""
