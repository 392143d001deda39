"""Gmail's unconfirmed page contracts: the rows of its table (sites/gmail/contracts.py `TABLE`)
that no source or capture shows, each with a note saying what it was reconstructed from.

Written here, not in contracts.py, because they are all the service worker carries of the table
(docs/ADAPTERS.md, "List what the site reads"; kept so by SA711).
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
