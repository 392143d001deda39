"""The Site Agent runtime: programs that run on the user's machine beside the browser.

Kept apart from buildtool/ (which only builds): `siteagent mcp serve` (server.py, a stdio MCP
server on the official SDK), `siteagent native-host` (host.py, started by the browser through
connectNative), the per-user Unix socket between them (sockets.py), the frames on both links
(framing.py), and installing/diagnosing the host (install.py, doctor.py, clients.py).
"""
HOST_NAME = "com.siteagent.bridge"
