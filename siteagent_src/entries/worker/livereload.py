"""Dev builds only: reload the extension when `siteagent build --watch` says a rebuild landed."""
from webapi.chrome import reload_extension
from webapi.js import from_json

RETRY_MS = 1000


def start_live_reload(port):
    if port == 0:
        return

    def connect():
        socket = __new__(WebSocket('ws://127.0.0.1:' + str(port)))

        def on_message(event):
            parsed = from_json(event.data)
            if parsed['ok'] and parsed['value']['type'] == 'reload':
                reload_extension()

        def on_close(event):
            setTimeout(connect, RETRY_MS)
        socket.addEventListener('message', on_message)
        socket.addEventListener('close', on_close)
    connect()
