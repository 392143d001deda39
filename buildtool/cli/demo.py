"""siteagent demo [--port]"""
import click

from . import get_app, run_guarded


@click.command("demo")
@click.option("--port", type=int, default=8765, show_default=True)
@click.pass_context
def command(ctx, port):
    """Serve the demo chat on http://localhost:PORT (a trusted origin in dev builds): the client's tool loop
    with a built-in scripted model or an OpenAI-compatible endpoint."""
    app = get_app(ctx)
    from ..demo import make_server
    server = run_guarded(make_server, app, port)
    app.echo(f"demo chatbot on http://localhost:{server.server_address[1]}/ (Ctrl-C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
