"""Real Google Calendar event-chip labels (the chip's screen-reader text), each quoted verbatim from a
public source, with what it must parse to. Used by test_chip_labels.py (CPython) and tests/parity
(the same calls as Transcrypt JS).

Citations: `owner/repo@commit:path#Lline` is a repository; `index N` is an excerpt of the code search
index whose repository and path it does not disclose (weaker: re-readable by id, not tied to a commit).
"""

LABELS = [
    # ismith/gcal-boostlingo-scheduler, a comment spanning lines 277-278 ("...Ian Smith," / "Accepted, No location, ...")
    ("3pm to 3:30pm, \u2747\ufe0f Ian / Ben 1/1, Ian Smith, Accepted, No location, September 9, 2021",
     "ismith/gcal-boostlingo-scheduler@fb565965968333e84bdb778eb49df658ce78f9f2:gcal.js#L277",
     {"title": "\u2747\ufe0f Ian / Ben 1/1", "start": "2021-09-09T15:00:00", "end": "2021-09-09T15:30:00",
      "organizer": "Ian Smith", "calendar": None, "my_rsvp": "yes", "location": None}),
    # a Calendar time-tracking extension's constants comment ("It can be in two formats:")
    ("7pm to 10:15pm, The event text, Time Tracking, No location, January 4, 2024", "index 7845814406",
     {"title": "The event text", "start": "2024-01-04T19:00:00", "end": "2024-01-04T22:15:00",
      "organizer": None, "calendar": "Time Tracking", "my_rsvp": None, "location": None}),
    ("January 4, 2024 at 10pm to January 5, 2024 at 1:15am, The event text, Time Tracking, No location, ",
     "index 7845814406",
     {"title": "The event text", "start": "2024-01-04T22:00:00", "end": "2024-01-05T01:15:00", "multi_day": True,
      "organizer": None, "calendar": "Time Tracking", "my_rsvp": None, "location": None}),
    # a Calendar scraper's comment (the text of div[role="gridcell"] div[role="button"])
    ("9:30am to 10am, Danone Stand Up Meeting , Bruce He (\u4f55\u5c0f\u9f99), Accepted, No location, October 11, 2022",
     "index 15740462192",
     {"title": "Danone Stand Up Meeting", "start": "2022-10-11T09:30:00", "end": "2022-10-11T10:00:00",
      "organizer": "Bruce He (\u4f55\u5c0f\u9f99)", "calendar": None, "my_rsvp": "yes", "location": None}),
    ("2:30pm to 4:30pm, Test, Bruce He (\u4f55\u5c0f\u9f99), Location: Dadford, Buckingham MK18, UK, October 11, 2022",
     "index 15740462192",
     {"title": "Test", "start": "2022-10-11T14:30:00", "end": "2022-10-11T16:30:00", "organizer": None,
      "calendar": "Bruce He (\u4f55\u5c0f\u9f99)", "my_rsvp": None, "location": "Dadford, Buckingham MK18, UK"}),
    # a Calendar agenda scraper's doc comment ("Google Calendar agenda aria-labels follow patterns like:")
    ("8am to 9am, Global Town Hall Q1_2026 , Carlos Carrillo, Accepted, No location, March 12, 2026",
     "index 53438586277",
     {"title": "Global Town Hall Q1_2026", "start": "2026-03-12T08:00:00", "end": "2026-03-12T09:00:00",
      "organizer": "Carlos Carrillo", "calendar": None, "my_rsvp": "yes", "location": None}),
    ("All day, Benito Ju\u00e1rez's Birthday Memorial, Calendar: Holidays in Mexico, March 16, 2026",
     "index 53438586277",
     {"title": "Benito Ju\u00e1rez's Birthday Memorial", "start": "2026-03-16", "end": "2026-03-16", "all_day": True,
      "organizer": None, "calendar": "Holidays in Mexico", "my_rsvp": None, "location": None}),
    ("Working location: Home, Carlos Carrillo, March 9 \u2013 13, 2026", "index 53438586277",
     {"kind": "working_location", "title": None, "start": "2026-03-09", "end": "2026-03-13", "all_day": True,
      "multi_day": True, "organizer": None, "calendar": "Carlos Carrillo", "location": "Home"}),
    ("1pm to 1:30pm, Meet, Carlos Carrillo, Accepted, Location: Microsoft Teams Meeting, March 23, 2026",
     "index 53438586277",
     {"title": "Meet", "start": "2026-03-23T13:00:00", "end": "2026-03-23T13:30:00", "organizer": "Carlos Carrillo",
      "calendar": None, "my_rsvp": "yes", "location": "Microsoft Teams Meeting"}),
    # Calendar week-view accessibility text pasted into a document
    ("All day, Daylight Saving Time starts, Calendar: Holidays in United States, March 8, 2026", "index 53343124394",
     {"title": "Daylight Saving Time starts", "start": "2026-03-08", "end": "2026-03-08", "all_day": True,
      "organizer": None, "calendar": "Holidays in United States", "my_rsvp": None, "location": None}),
    ("All day, Media Day (GFA Headshot only), Stephen Chilcote, Needs RSVP, No location, March 9, 2026",
     "index 53343124394",
     {"title": "Media Day (GFA Headshot only)", "start": "2026-03-09", "end": "2026-03-09", "all_day": True,
      "organizer": "Stephen Chilcote", "calendar": None, "my_rsvp": "needs_action", "location": None}),
    ("All day, GoFundMe Interviews, Stephen Chilcote, Needs RSVP, No location, March 10 \u2013 11, 2026",
     "index 53343124394",
     {"title": "GoFundMe Interviews", "start": "2026-03-10", "end": "2026-03-11", "all_day": True, "multi_day": True,
      "organizer": "Stephen Chilcote", "calendar": None, "my_rsvp": "needs_action", "location": None}),
    ("All day, Platinum Hiring Partner Day , Stephen Chilcote, Needs RSVP, No location, March 12, 2026",
     "index 53343124394",
     {"title": "Platinum Hiring Partner Day", "start": "2026-03-12", "end": "2026-03-12", "all_day": True,
      "organizer": "Stephen Chilcote", "calendar": None, "my_rsvp": "needs_action", "location": None}),
]
