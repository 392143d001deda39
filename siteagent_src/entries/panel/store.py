"""Where the side panel keeps things (docs/SECURITY.md):

- settings (provider, base URL, model, budgets, the two opt-ins): storage.local, never a key;
- the API key: storage.session (gone when the browser closes; the worker restricts session storage
  to the extension's own pages, so content scripts cannot read it); in storage.local only after the
  user ticks "remember on this device";
- conversations: storage.session, or storage.local after "keep conversations on this device".
"""
from buildinfo import CONFIG
from core import panelchat
from core.jsonval import kind_of, has_key
from webapi.chrome import storage_get, storage_set, storage_remove

SETTINGS_KEY = 'panel_settings'
KEY_KEY = 'panel_key'
HISTORY_KEY = 'panel_history'


def backend():
    return CONFIG['panel_backend'] if 'panel_backend' in CONFIG else None


def default_settings():
    named = backend()
    return {'provider': 'backend' if named != None else 'openai', 'base': '', 'model': '',
            'remember_key': False, 'keep_history': False, 'page_only': False, 'budgets': panelchat.budgets_of(None)}


def _field(raw, key, fallback):
    return raw[key] if kind_of(raw) == 'object' and has_key(raw, key) and raw[key] != None else fallback


async def load_settings():
    raw = await storage_get('local', SETTINGS_KEY, None)
    base = default_settings()
    out = {}
    for key in ['provider', 'base', 'model', 'remember_key', 'keep_history', 'page_only']:
        out[key] = _field(raw, key, base[key])
    out['budgets'] = panelchat.budgets_of(_field(raw, 'budgets', None))
    if not panelchat.is_provider(out['provider']) or (out['provider'] == 'backend' and backend() == None):
        out['provider'] = base['provider']
    return out


def model_settings(settings):
    """{provider, base, model} with the chatbot's backend filled in from the build."""
    if settings['provider'] == 'backend':
        named = backend()
        return {'provider': 'backend', 'base': named['url'] if named != None else '',
                'model': named['model'] if named != None else ''}
    return {'provider': settings['provider'], 'base': settings['base'], 'model': settings['model']}


async def save_settings(settings, key_text):
    """Settings to storage.local; the key to storage.session, or storage.local when remembered (and
    then removed from the other area, so it lives in one place only)."""
    clean = {'provider': settings['provider'], 'base': settings['base'], 'model': settings['model'],
             'remember_key': settings['remember_key'] == True, 'keep_history': settings['keep_history'] == True,
             'page_only': settings['page_only'] == True,
             'budgets': panelchat.budgets_of(settings['budgets'])}
    await storage_set('local', SETTINGS_KEY, clean)
    if key_text != None:
        keep = 'local' if clean['remember_key'] else 'session'
        drop = 'session' if clean['remember_key'] else 'local'
        await storage_remove(drop, KEY_KEY)
        if len(key_text) > 0:
            await storage_set(keep, KEY_KEY, key_text)
        else:
            await storage_remove(keep, KEY_KEY)
    await move_history(clean['keep_history'])
    return clean


async def load_key(settings):
    area = 'local' if settings['remember_key'] else 'session'
    found = await storage_get(area, KEY_KEY, '')
    return found if kind_of(found) == 'string' else ''


async def forget_key():
    await storage_remove('session', KEY_KEY)
    await storage_remove('local', KEY_KEY)


def _area(keep):
    return 'local' if keep else 'session'


async def load_history(keep):
    found = await storage_get(_area(keep), HISTORY_KEY, [])
    return found if kind_of(found) == 'array' else []


async def save_history(keep, history):
    await storage_set(_area(keep), HISTORY_KEY, history)


async def move_history(keep):
    """After the opt-in changes: the conversations move to the chosen area and leave the other."""
    other = _area(not keep)
    moving = await storage_get(other, HISTORY_KEY, None)
    if kind_of(moving) == 'array' and len(moving) > 0:
        here = await load_history(keep)
        merged = here
        for record in moving:
            merged = panelchat.history_put(merged, record)
        await save_history(keep, merged)
    await storage_remove(other, HISTORY_KEY)
