"""Gmail's unconfirmed page contracts: the rows of its table (sites/gmail/contracts.py `TABLE`)
that no source or capture shows, each with a note saying what it was reconstructed from.

They are written here, not in contracts.py, because they are all the service worker needs of the
table: tools.py marks the irreversible tools that rely on one (core/contracts.py `declare_contracts`:
the caveat in the description and the approval window), and the whole table stays in content.js.
contracts.py puts each row in `TABLE` at its place; `siteagent check` (SA711) fails when a row here is
not unconfirmed or not in `TABLE`, or an unconfirmed row is written in contracts.py.
"""
from core.contracts import contract, css, named

UNCONFIRMED = 'unconfirmed'
LABELS_MENU = contract(
    'labels_menu', 'the Labels menu ([role=menu] of [role=menuitemcheckbox][aria-checked][title], "Apply")',
    [css('[role="menu"]')], UNCONFIRMED, [], ['gmail_label_thread'], [],
    'reconstructed from the menu roles; no source shows Gmail\'s labels menu')

LABELS_MENU_ITEMS = contract(
    'labels_menu_items', 'the Labels menu\'s labels ([role=menuitemcheckbox]) and its Apply ([role=menuitem])',
    [css('[role="menu"] [role="menuitemcheckbox"]'), css('[role="menu"] [role="menuitem"]')], UNCONFIRMED, [],
    ['gmail_label_thread'], [], 'reconstructed with the menu')

DISCARD_CONTROL = contract(
    'discard_control', 'the Discard draft control (label "Discard draft (Ctrl-Shift-D)")',
    [named('[role="button"], button', 'discard', 'equals')], UNCONFIRMED, [], ['gmail_discard_draft'], [],
    'reconstructed after the Send label\'s form')

# In TABLE order.
ROWS = [LABELS_MENU, LABELS_MENU_ITEMS, DISCARD_CONTROL]
