"""The Google tools every catalogue test expects: exact names and risks, written down once.

The unit tests read them against the adapter files, the browser tests against the built extension.
"""
GMAIL = {
    "gmail_status": "read", "gmail_list_threads": "read", "gmail_search": "read", "gmail_open_thread": "read",
    "gmail_read_thread": "read", "gmail_compose_draft": "write", "gmail_reply_draft": "write",
    "gmail_discard_draft": "write", "gmail_send_draft": "irreversible", "gmail_archive_thread": "write",
    "gmail_mark_thread": "write", "gmail_label_thread": "write", "gmail_delete_thread": "irreversible",
    "gmail_list_labels": "read",
}
CALENDAR = {
    "calendar_status": "read", "calendar_list_events": "read", "calendar_go_to_date": "read",
    "calendar_read_event": "read", "calendar_draft_event": "write", "calendar_save_event": "irreversible",
    "calendar_update_event": "irreversible", "calendar_add_guests": "irreversible",
    "calendar_rsvp": "irreversible", "calendar_delete_event": "irreversible",
}
MEET = {
    "meet_status": "read", "meet_create_meeting": "write", "meet_open_meeting": "read",
    "meet_meeting_info": "read", "meet_join": "irreversible", "meet_leave": "irreversible",
    "meet_set_microphone": "write", "meet_set_camera": "write", "meet_list_participants": "read",
    "meet_admit_participant": "irreversible", "meet_mute_participant": "irreversible",
    "meet_remove_participant": "irreversible", "meet_read_chat": "read", "meet_send_chat": "irreversible",
    "meet_raise_hand": "write", "meet_set_captions": "write", "meet_read_captions": "read",
    "meet_start_recording": "irreversible", "meet_stop_recording": "irreversible",
}
