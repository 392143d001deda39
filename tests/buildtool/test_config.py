
import pytest

from buildtool.config import load_config, resolve, read_config
from buildtool.errors import BuildError

from projects import REPO

GOOD = (REPO / "siteagent.toml").read_text()


def write(tmp_path, text):
    path = tmp_path / "siteagent.toml"
    path.write_text(text)
    return path


def error_for(tmp_path, text, profile="dev"):
    with pytest.raises(BuildError) as info:
        load_config(write(tmp_path, text), profile)
    return info.value


def test_project_config_loads_in_every_profile():
    for profile in ("dev", "release", "test"):
        config = load_config(REPO / "siteagent.toml", profile)
        assert config.page_source == "portfolio-chat"
        assert config.extension_source == "portfolio-ext"
        assert "https://chatbot.farvees.xyz" in config.trusted_origins


def test_dev_adds_localhost_and_release_does_not():
    dev = load_config(REPO / "siteagent.toml", "dev")
    release = load_config(REPO / "siteagent.toml", "release")
    assert "http://localhost:*" in dev.trusted_origins and "http://127.0.0.1:*" in dev.trusted_origins
    assert all(o.startswith("https://") for o in release.trusted_origins)
    assert release.minify and not release.sourcemaps and not release.live_reload
    assert dev.live_reload and not dev.minify


def test_unknown_key_is_named_with_its_line(tmp_path):
    err = error_for(tmp_path, GOOD.replace('[bridge]\n', '[bridge]\ncolour = "red"\n'))
    assert err.key == "bridge.colour"
    assert "unknown key 'bridge.colour'" in str(err)
    assert err.line == GOOD.splitlines().index("[bridge]") + 2


def test_malformed_origin(tmp_path):
    err = error_for(tmp_path, GOOD.replace('"https://chatbot.farvees.xyz"', '"chatbot.farvees.xyz/"'))
    assert err.key == "bridge.trusted_origins.0"
    assert "malformed origin 'chatbot.farvees.xyz/'" in str(err)


@pytest.mark.parametrize("bad", ["1.2.3.4.5", "v1.0", "01.2", "1..2", ""])
def test_bad_version_string(tmp_path, bad):
    err = error_for(tmp_path, GOOD.replace('version = "0.1.0"', f'version = "{bad}"'))
    assert err.key == "extension.version"
    assert "version" in str(err)


def test_toml_syntax_error_has_line(tmp_path):
    err = error_for(tmp_path, GOOD.replace('[runtime]', '[runtime\n'))
    assert err.code == "bad_config" and err.line is not None
    assert str(err).startswith(str(tmp_path / "siteagent.toml") + f":{err.line}")


def test_description_limit(tmp_path):
    err = error_for(tmp_path, GOOD.replace('description = "', 'description = "' + "x" * 140))
    assert err.key == "extension.description"


def test_release_refuses_local_origin_unless_allowed(tmp_path):
    text = GOOD.replace('trusted_origins = ["https://chatbot.farvees.xyz"]',
                        'trusted_origins = ["https://chatbot.farvees.xyz", "http://localhost:8080"]')
    err = error_for(tmp_path, text, "release")
    assert err.key == "bridge.trusted_origins" and "allow_localhost" in err.hint
    allowed = text.replace("[profiles.release]\n", "[profiles.release]\nallow_localhost = true\n")
    assert "http://localhost:8080" in load_config(write(tmp_path, allowed), "release").trusted_origins


def test_profile_runtime_overrides():
    test = load_config(REPO / "siteagent.toml", "test")
    assert test.runtime["approval_timeout_ms"] < 60000
    assert test.grant_optional_hosts and test.test_adapter


def test_unknown_profile():
    with pytest.raises(BuildError) as info:
        resolve(read_config(REPO / "siteagent.toml"), "staging")
    assert "unknown profile" in str(info.value)


def test_missing_config(tmp_path):
    with pytest.raises(BuildError) as info:
        load_config(tmp_path / "siteagent.toml")
    assert "not found" in str(info.value)


def test_public_allowlist(tmp_path):
    text = GOOD.replace("[bridge]\n", '[bridge]\npublic_tools = ["gmail_search", "page"]\n', 1)
    config = load_config(write(tmp_path, text), "release")
    assert config.public_tools == ("gmail_search", "page")
    assert config.runtime_constants()["public_tools"] == ["gmail_search", "page"]
    assert load_config(REPO / "siteagent.toml", "release").runtime_constants()["public_tools"] is None
    err = error_for(tmp_path, GOOD.replace("[bridge]\n", '[bridge]\npublic_tools = ["Bad Name"]\n', 1))
    assert err.key == "bridge.public_tools.0"


def test_panel_backend_must_be_on_a_trusted_origin(tmp_path):
    """Issue 30: "the chatbot's backend" is named in siteagent.toml and baked into the build."""
    assert load_config(REPO / "siteagent.toml", "release").runtime_constants()["panel_backend"] is None
    named = GOOD.replace('[panel]\nbackend_url = ""', '[panel]\nbackend_url = "https://chatbot.farvees.xyz/api/model"\n'
                                                      'backend_model = "house-model"')
    config = load_config(write(tmp_path, named), "release")
    assert config.runtime_constants()["panel_backend"] == {"url": "https://chatbot.farvees.xyz/api/model",
                                                           "model": "house-model", "label": "The chatbot's backend"}
    elsewhere = GOOD.replace('[panel]\nbackend_url = ""', '[panel]\nbackend_url = "https://models.example/v1"')
    err = error_for(tmp_path, elsewhere, "release")
    assert err.key == "panel.backend_url" and "not a trusted origin" in err.message
    plain = GOOD.replace('[panel]\nbackend_url = ""', '[panel]\nbackend_url = "http://chatbot.farvees.xyz/api"')
    assert "must use https" in error_for(tmp_path, plain, "release").message
    local = GOOD.replace('[panel]\nbackend_url = ""', '[panel]\nbackend_url = "http://localhost:8123/v1/chat/completions"')
    assert load_config(write(tmp_path, local), "dev").panel_backend["url"].startswith("http://localhost:8123/")
    assert "not a trusted origin" in error_for(tmp_path, local, "release").message
    bad = GOOD.replace('[panel]\nbackend_url = ""', '[panel]\nbackend_url = "ftp://x"')
    assert error_for(tmp_path, bad).key == "panel.backend_url"
