"""Gmail's unconfirmed page contracts: the contracts of its table (sites/gmail/contracts.py
`TABLE`) that no source or capture shows, each with what it is, the tools that rely on it and a note
saying what it was reconstructed from; contracts.py gives each its locators (`unconfirmed_contract`).

Written here, not in contracts.py or evidence.py, because they are all the service worker carries of
the table: the caveats of the irreversible tools that rely on them (docs/ADAPTERS.md, "List what the
site reads"; kept so by SA711).
"""
from core.contracts import unconfirmed

LABELS_MENU = unconfirmed(
    'labels_menu', 'the Labels menu ([role=menu] of [role=menuitemcheckbox][aria-checked][title], "Apply")',
    [], ['gmail_label_thread'],
    'reconstructed from the menu roles; no source shows Gmail\'s labels menu')

LABELS_MENU_ITEMS = unconfirmed(
    'labels_menu_items', 'the Labels menu\'s labels ([role=menuitemcheckbox]) and its Apply ([role=menuitem])',
    [], ['gmail_label_thread'],
    'reconstructed with the menu')

DISCARD_CONTROL = unconfirmed(
    'discard_control', 'the Discard draft control (label "Discard draft (Ctrl-Shift-D)")',
    [], ['gmail_discard_draft'],
    'reconstructed after the Send label\'s form')

# In TABLE order.
ROWS = [LABELS_MENU, LABELS_MENU_ITEMS, DISCARD_CONTROL]
