/* import-floor: the floor under importing a library (issue 24), with no application logic.
 *
 * What Earshot's import does to a feed, done once with the same C libraries and nothing else:
 * libxml2's streaming reader (xmlTextReader, no DOM) over the feed, keeping the fields Earshot stores
 * for the podcast and for each item, then SQLite storing them in one transaction per feed with prepared
 * statements, into Earshot's own tables and indexes:
 *
 *   - one `feed` row (url: the file's path; title, author, link, description as plain text, imageURL,
 *     lastCheckedAt, addedAt) and its `podcastSearch` (FTS5) row;
 *   - one `episode` row per item (guid, feedOrder, title, rawDescription as the feed gave it: the
 *     richest of content:encoded, description and itunes:summary, releaseDateText and releaseDate,
 *     soundURL / MIMEType / ByteLength from the enclosure, coverImageURL, duration, season,
 *     episodeNumber, episodeType, link, chaptersURL, transcripts as JSON), with UNIQUE (feedId, guid)
 *     and the indexes episode_feedOrder, episode_soundURL and episode_link, foreign keys on;
 *   - one `episodeSearch` (FTS5, same columns, tokenizer and prefix as Earshot's) row per episode:
 *     its title, its notes as plain text and 'p<feedId>'. As Earshot does (SearchIndex.flush), the
 *     rows go into the index in one statement per transaction (INSERT … SELECT from a temporary table
 *     filled row by row); inserting them row by row measured the same here (SQLite 3.40).
 *
 * Threads: THREADS workers (bench/library.sh gives `nproc`) each take the next file, parse it, then
 * store it on their own connection (WAL, synchronous=NORMAL, foreign keys on, busy timeout 5 s, and
 * otherwise SQLite's defaults, as Earshot's store has: a 2 MB page cache). The writes take turns
 * through a mutex in this process rather than through SQLite's busy handler (which sleeps and polls),
 * so one worker parses while another writes and no turn is lost to a sleep.
 *
 * Left out, so that this is a floor: HTTP (the feeds are files already in the page cache), the OPML,
 * Atom and RSS 1.0, namespaces other than RSS 2.0, iTunes, content and podcast, Podlove chapters and
 * media:content, upserts and the checks for an existing podcast and episodes (the database is new:
 * plain INSERTs), entity and URL normalisation, dates in any form but RFC 822, ETag and Last-Modified
 * (not in the files), and Earshot's HTML-to-text rules (a simple tag strip here, done while parsing,
 * on the parsing thread). Creating the schema and closing the database are not timed.
 *
 * Usage: import-floor DATABASE THREADS FEED_FILE...    (or one directory: its *.xml, in version order)
 * Prints one line: wall seconds, feeds, episodes, and CPU seconds; exits 1 if a feed cannot be read
 * or stored. DATABASE must not exist yet. With IMPORT_FLOOR_WITHOUT_INDEX=1 in the environment, the
 * FTS5 rows are left out (the tables are still created): the floor without the full-text index. */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <libxml/xmlreader.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

#define NS_ITUNES "http://www.itunes.com/dtds/podcast-1.0.dtd"
#define NS_CONTENT "http://purl.org/rss/1.0/modules/content/"
#define NS_PODCAST "https://podcastindex.org/namespace/1.0"
#define REFERENCE_DATE 978307200.0 /* 2001-01-01T00:00:00Z: Earshot stores instants from there */

/* ---- Growing byte buffers ---- */

typedef struct { char *p; size_t n, cap; } Buf;

static void buf_add(Buf *b, const char *s, size_t n) {
    if (b->n + n + 1 > b->cap) {
        b->cap = (b->n + n + 1) * 2;
        b->p = realloc(b->p, b->cap);
        if (!b->p) { perror("import-floor"); exit(1); }
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}

static char *copy(const char *s, size_t n) {
    char *c = malloc(n + 1);
    if (!c) { perror("import-floor"); exit(1); }
    memcpy(c, s, n);
    c[n] = 0;
    return c;
}

/* The text without surrounding white space, or NULL when nothing is left (as Earshot keeps fields). */
static char *trimmed(const char *s, size_t n) {
    while (n && (unsigned char)*s <= 0x20) s++, n--;
    while (n && (unsigned char)s[n - 1] <= 0x20) n--;
    return n ? copy(s, n) : NULL;
}

/* ---- What a feed holds ---- */

typedef struct {
    char *guid, *title, *link, *date, *notes, *plain, *sound, *type, *length, *image, *duration, *season,
        *number, *kind, *chapters, *transcripts;
    int notes_rank;    /* 0 content:encoded, 1 description, 2 itunes:summary; 9 none yet */
    int sound_playable;
} Item;

typedef struct {
    const char *path;
    char *title, *link, *description, *author, *image;
    Item *items;
    size_t count, cap;
} Feed;

enum Field {
    NONE, TITLE, LINK, DESCRIPTION, PUBDATE, GUID, CONTENT, SUMMARY, AUTHOR, DURATION, SEASON, EPISODE,
    EPISODETYPE
};

static void free_item(Item *i) {
    char **fields[] = { &i->guid, &i->title, &i->link, &i->date, &i->notes, &i->plain, &i->sound, &i->type,
                        &i->length, &i->image, &i->duration, &i->season, &i->number, &i->kind, &i->chapters,
                        &i->transcripts };
    for (size_t f = 0; f < sizeof fields / sizeof *fields; f++) free(*fields[f]);
}

static void free_feed(Feed *feed) {
    for (size_t i = 0; i < feed->count; i++) free_item(&feed->items[i]);
    free(feed->items);
    free(feed->title); free(feed->link); free(feed->description); free(feed->author); free(feed->image);
    memset(feed, 0, sizeof *feed);
}

/* ---- Plain text: a simple tag strip ---- */

/* Tags removed (block ones and <br> become a line break), the XML entities and numeric references
 * decoded, runs of white space collapsed to one space, <script> and <style> dropped. */
static char *plain_text(const char *s) {
    if (!s) return NULL;
    size_t n = strlen(s);
    Buf out = { 0 };
    int space = 1;  /* the output ends with white space (or is empty): collapse */
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        if (c == '<' && i + 1 < n && (s[i + 1] == '/' || s[i + 1] == '!' || s[i + 1] == '?' ||
                                      ((s[i + 1] | 0x20) >= 'a' && (s[i + 1] | 0x20) <= 'z'))) {
            const char *end = memchr(s + i, '>', n - i);
            size_t stop = end ? (size_t)(end - s) + 1 : n;
            const char *name = s + i + 1 + (s[i + 1] == '/');
            int block = !strncasecmp(name, "p", 1) && !isalpha((unsigned char)name[1]) ? 1
                      : !strncasecmp(name, "br", 2) || !strncasecmp(name, "li", 2) || !strncasecmp(name, "div", 3) ||
                        !strncasecmp(name, "ul", 2) || !strncasecmp(name, "ol", 2) || !strncasecmp(name, "h", 1);
            if (s[i + 1] != '/' && (!strncasecmp(name, "script", 6) || !strncasecmp(name, "style", 5))) {
                const char *close = strstr(s + stop, "</");
                stop = close ? (size_t)(close - s) : n;
            }
            if (block && out.n && !space) { buf_add(&out, "\n", 1); space = 1; }
            i = stop;
        } else if (c == '&') {
            const char *semi = memchr(s + i, ';', n - i < 12 ? n - i : 12);
            char utf8[4];
            size_t len = 0;
            if (semi) {
                const char *e = s + i + 1;
                size_t m = (size_t)(semi - e);
                unsigned long code = 0;
                if (m > 1 && e[0] == '#') code = e[1] == 'x' || e[1] == 'X' ? strtoul(e + 2, NULL, 16) : strtoul(e + 1, NULL, 10);
                else if (m == 3 && !memcmp(e, "amp", 3)) code = '&';
                else if (m == 2 && !memcmp(e, "lt", 2)) code = '<';
                else if (m == 2 && !memcmp(e, "gt", 2)) code = '>';
                else if (m == 4 && !memcmp(e, "quot", 4)) code = '"';
                else if (m == 4 && !memcmp(e, "apos", 4)) code = '\'';
                else if (m == 4 && !memcmp(e, "nbsp", 4)) code = ' ';
                if (code && code < 0x80) utf8[len++] = (char)code;
                else if (code && code < 0x800) { utf8[len++] = (char)(0xC0 | code >> 6); utf8[len++] = (char)(0x80 | (code & 0x3F)); }
                else if (code && code < 0x10000) {
                    utf8[len++] = (char)(0xE0 | code >> 12); utf8[len++] = (char)(0x80 | (code >> 6 & 0x3F));
                    utf8[len++] = (char)(0x80 | (code & 0x3F));
                } else if (code && code < 0x110000) {
                    utf8[len++] = (char)(0xF0 | code >> 18); utf8[len++] = (char)(0x80 | (code >> 12 & 0x3F));
                    utf8[len++] = (char)(0x80 | (code >> 6 & 0x3F)); utf8[len++] = (char)(0x80 | (code & 0x3F));
                }
            }
            if (len) {
                if (len == 1 && utf8[0] == ' ') { if (!space) buf_add(&out, " ", 1); space = 1; }
                else { buf_add(&out, utf8, len); space = 0; }
                i = (size_t)(semi - s) + 1;
            } else {
                buf_add(&out, "&", 1); space = 0; i++;
            }
        } else if (c <= 0x20) {
            if (!space) buf_add(&out, " ", 1);
            space = 1;
            i++;
        } else {
            size_t j = i + 1;
            while (j < n && (unsigned char)s[j] > 0x20 && s[j] != '<' && s[j] != '&') j++;
            buf_add(&out, s + i, j - i);
            space = 0;
            i = j;
        }
    }
    while (out.n && (out.p[out.n - 1] == ' ' || out.p[out.n - 1] == '\n')) out.p[--out.n] = 0;
    return out.p ? out.p : copy("", 0);
}

/* ---- Parsing ---- */

static enum Field field_of(const xmlChar *ns, const xmlChar *local) {
    const char *l = (const char *)local;
    if (!ns) {
        if (!strcmp(l, "title")) return TITLE;
        if (!strcmp(l, "link")) return LINK;
        if (!strcmp(l, "description")) return DESCRIPTION;
        if (!strcmp(l, "pubDate")) return PUBDATE;
        if (!strcmp(l, "guid")) return GUID;
        return NONE;
    }
    if (!strcmp((const char *)ns, NS_ITUNES)) {
        if (!strcmp(l, "summary")) return SUMMARY;
        if (!strcmp(l, "author")) return AUTHOR;
        if (!strcmp(l, "duration")) return DURATION;
        if (!strcmp(l, "season")) return SEASON;
        if (!strcmp(l, "episode")) return EPISODE;
        if (!strcmp(l, "episodeType")) return EPISODETYPE;
        return NONE;
    }
    if (!strcmp((const char *)ns, NS_CONTENT) && !strcmp(l, "encoded")) return CONTENT;
    return NONE;
}

static int notes_rank(enum Field f) { return f == CONTENT ? 0 : f == DESCRIPTION ? 1 : f == SUMMARY ? 2 : -1; }

static char *attribute(xmlTextReaderPtr r, const char *name) {
    xmlChar *value = xmlTextReaderGetAttribute(r, (const xmlChar *)name);
    if (!value) return NULL;
    char *kept = trimmed((const char *)value, strlen((const char *)value));
    xmlFree(value);
    return kept;
}

static int playable(const char *type) {
    return type && (!strncmp(type, "audio/", 6) || !strncmp(type, "video/", 6));
}

/* A transcript link as Earshot's JSON array of {url, type, language, rel}, appended to `json`. */
static void add_transcript(xmlTextReaderPtr r, char **json) {
    char *url = attribute(r, "url");
    if (!url) return;
    char *type = attribute(r, "type"), *language = attribute(r, "language");
    Buf b = { 0 };
    if (*json) { buf_add(&b, *json, strlen(*json) - 1); buf_add(&b, ",", 1); } else buf_add(&b, "[", 1);
    /* The values are URLs and MIME types: only " and \ need escaping, and the benchmark has neither. */
    buf_add(&b, "{\"url\":\"", 8); buf_add(&b, url, strlen(url)); buf_add(&b, "\"", 1);
    if (type) { buf_add(&b, ",\"type\":\"", 9); buf_add(&b, type, strlen(type)); buf_add(&b, "\"", 1); }
    if (language) { buf_add(&b, ",\"language\":\"", 13); buf_add(&b, language, strlen(language)); buf_add(&b, "\"", 1); }
    buf_add(&b, "}]", 2);
    free(*json); free(url); free(type); free(language);
    *json = b.p;
}

/* Reads the feed at feed->path; 0 on success. */
static int parse(Feed *feed) {
    xmlTextReaderPtr r = xmlReaderForFile(feed->path, NULL, XML_PARSE_NONET);
    if (!r) return -1;
    Buf text = { 0 };
    int channel_depth = -1, item_depth = -1, capture_depth = -1, status;
    enum Field capture = NONE;
    Item *item = NULL;
    while ((status = xmlTextReaderRead(r)) == 1) {
        int type = xmlTextReaderNodeType(r);
        if (type == XML_READER_TYPE_TEXT || type == XML_READER_TYPE_CDATA || type == XML_READER_TYPE_SIGNIFICANT_WHITESPACE) {
            if (capture != NONE) {
                const char *value = (const char *)xmlTextReaderConstValue(r);
                buf_add(&text, value, strlen(value));
            }
        } else if (type == XML_READER_TYPE_ELEMENT) {
            if (capture != NONE) continue;  /* markup inside a text element: its text only */
            int depth = xmlTextReaderDepth(r), empty = xmlTextReaderIsEmptyElement(r);
            const xmlChar *ns = xmlTextReaderConstNamespaceUri(r), *local = xmlTextReaderConstLocalName(r);
            const char *l = (const char *)local;
            if (!ns && !strcmp(l, "channel") && channel_depth < 0) {
                channel_depth = depth;
            } else if (!ns && !strcmp(l, "item") && channel_depth >= 0) {
                if (feed->count == feed->cap) {
                    feed->cap = feed->cap ? feed->cap * 2 : 256;
                    feed->items = realloc(feed->items, feed->cap * sizeof *feed->items);
                    if (!feed->items) { perror("import-floor"); exit(1); }
                }
                item = &feed->items[feed->count++];
                memset(item, 0, sizeof *item);
                item->notes_rank = 9;
                item_depth = empty ? -1 : depth;
                if (empty) item = NULL;
            } else if (item && depth == item_depth + 1 && !ns && !strcmp(l, "enclosure")) {
                char *t = attribute(r, "type");
                if (!item->sound || (!item->sound_playable && playable(t))) {
                    free(item->sound); free(item->type); free(item->length);
                    item->sound = attribute(r, "url");
                    item->type = t;
                    item->length = attribute(r, "length");
                    item->sound_playable = playable(t);
                } else {
                    free(t);
                }
            } else if (ns && !strcmp((const char *)ns, NS_ITUNES) && !strcmp(l, "image")) {
                if (item && depth == item_depth + 1) { free(item->image); item->image = attribute(r, "href"); }
                else if (!item && depth == channel_depth + 1) { free(feed->image); feed->image = attribute(r, "href"); }
            } else if (item && depth == item_depth + 1 && ns && !strcmp((const char *)ns, NS_PODCAST)) {
                if (!strcmp(l, "chapters")) { free(item->chapters); item->chapters = attribute(r, "url"); }
                else if (!strcmp(l, "transcript")) add_transcript(r, &item->transcripts);
            } else if (!empty && (item ? depth == item_depth + 1 : depth == channel_depth + 1)) {
                enum Field f = field_of(ns, local);
                int rank = notes_rank(f);
                if (f != NONE && !(item && rank >= 0 && item->notes_rank <= rank)) {
                    capture = f;
                    capture_depth = depth;
                    text.n = 0;
                    if (text.p) text.p[0] = 0;
                }
            }
        } else if (type == XML_READER_TYPE_END_ELEMENT) {
            int depth = xmlTextReaderDepth(r);
            if (capture != NONE && depth == capture_depth) {
                const char *s = text.p ? text.p : "";
                if (item) {
                    char **slot = NULL;
                    switch (capture) {
                    case TITLE: slot = &item->title; break;
                    case LINK: slot = &item->link; break;
                    case PUBDATE: slot = &item->date; break;
                    case GUID: slot = &item->guid; break;
                    case DURATION: slot = &item->duration; break;
                    case SEASON: slot = &item->season; break;
                    case EPISODE: slot = &item->number; break;
                    case EPISODETYPE: slot = &item->kind; break;
                    case CONTENT: case DESCRIPTION: case SUMMARY:
                        free(item->notes);
                        item->notes = copy(s, text.n);  /* exactly as the feed gave it */
                        item->notes_rank = notes_rank(capture);
                        break;
                    default: break;
                    }
                    if (slot) { free(*slot); *slot = trimmed(s, text.n); }
                } else {
                    switch (capture) {
                    case TITLE: free(feed->title); feed->title = trimmed(s, text.n); break;
                    case LINK: free(feed->link); feed->link = trimmed(s, text.n); break;
                    case AUTHOR: free(feed->author); feed->author = trimmed(s, text.n); break;
                    case DESCRIPTION: free(feed->description); feed->description = plain_text(s); break;
                    case SUMMARY: if (!feed->description) feed->description = plain_text(s); break;
                    default: break;
                    }
                }
                capture = NONE;
            } else if (item && depth == item_depth) {
                /* The item is complete: its notes as plain text for the index, here on the parsing thread. */
                item->plain = plain_text(item->notes);
                if (!item->guid && !item->sound && !item->link) { free_item(item); feed->count--; }
                item = NULL;
                item_depth = -1;
            }
        }
    }
    xmlFreeTextReader(r);
    free(text.p);
    if (item) { free_item(item); feed->count--; }  /* cut off by the end of the document */
    return status == 0 ? 0 : -1;
}

/* ---- Values as Earshot stores them ---- */

/* An RFC 822 date as seconds since 2001-01-01; 0 in *ok when it cannot be read. */
static double release_date(const char *text, int *ok) {
    struct tm tm = { 0 };
    *ok = 0;
    if (!text) return 0;
    const char *s = strchr(text, ',') ? strchr(text, ',') + 1 : text;
    const char *rest = strptime(s, " %d %b %Y %H:%M:%S", &tm);
    if (!rest) return 0;
    long offset = 0;
    while (*rest == ' ') rest++;
    if ((*rest == '+' || *rest == '-') && strlen(rest) >= 5) {
        long hhmm = strtol(rest + 1, NULL, 10);
        offset = (hhmm / 100 * 3600 + hhmm % 100 * 60) * (*rest == '-' ? -1 : 1);
    }
    *ok = 1;
    return (double)(timegm(&tm) - offset) - REFERENCE_DATE;
}

/* "H:MM:SS", "MM:SS" or seconds; 0 in *ok when it cannot be read. */
static double duration(const char *text, int *ok) {
    *ok = 0;
    if (!text) return 0;
    double total = 0;
    const char *s = text;
    for (;;) {
        char *end;
        double part = strtod(s, &end);
        if (end == s) return 0;
        total = total * 60 + part;
        if (*end != ':') { *ok = *end == 0; return total; }
        s = end + 1;
    }
}

/* A positive whole number, or 0. */
static long long whole(const char *text) {
    if (!text) return 0;
    char *end;
    long long value = strtoll(text, &end, 10);
    return *end == 0 && value > 0 ? value : 0;
}

/* ---- Storing ---- */

static const char schema[] =
    "PRAGMA journal_mode = WAL;"
    "CREATE TABLE feed ("
    "  id INTEGER PRIMARY KEY, url TEXT NOT NULL UNIQUE, etag TEXT, lastModified TEXT, title TEXT, author TEXT,"
    "  link TEXT, description TEXT NOT NULL DEFAULT '', imageURL TEXT, newFeedURL TEXT, lastCheckedAt REAL,"
    "  addedAt REAL NOT NULL DEFAULT 0, syncURL TEXT);"
    "CREATE INDEX feed_addedAt ON feed (addedAt);"
    "CREATE TABLE episode ("
    "  id INTEGER PRIMARY KEY, feedId INTEGER NOT NULL REFERENCES feed(id) ON DELETE CASCADE,"
    "  guid TEXT NOT NULL, feedOrder INTEGER NOT NULL, title TEXT, rawDescription TEXT,"
    "  rawDescriptionFormat TEXT NOT NULL DEFAULT 'html', releaseDateText TEXT, releaseDate REAL, soundURL TEXT,"
    "  soundMIMEType TEXT, soundByteLength INTEGER, coverImageURL TEXT, duration REAL, season INTEGER,"
    "  episodeNumber INTEGER, episodeType TEXT, link TEXT, chaptersURL TEXT,"
    "  feedChapters TEXT, learnedDuration REAL, chapters TEXT, transcripts TEXT, UNIQUE (feedId, guid));"
    "CREATE INDEX episode_feedOrder ON episode (feedId, feedOrder);"
    "CREATE INDEX episode_soundURL ON episode (soundURL);"
    "CREATE INDEX episode_link ON episode (link);"
    /* The index's content view, as Earshot's, with the notes as stored (Earshot derives the plain text
     * with a function of its own; here it is derived while parsing). Not read while importing. */
    "CREATE VIEW episodeSearchContent AS SELECT id, title, coalesce(feedChapters, chapters) AS chapters,"
    "  rawDescription AS notes, 'p' || feedId AS podcast FROM episode;"
    "CREATE VIRTUAL TABLE podcastSearch USING fts5(title, content='feed', content_rowid='id',"
    "  tokenize='unicode61 remove_diacritics 2');"
    "CREATE VIRTUAL TABLE episodeSearch USING fts5(title, chapters, notes, podcast, content='episodeSearchContent',"
    "  content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='3 4');";

/* Whether the rows also go into the full-text index (IMPORT_FLOOR_WITHOUT_INDEX=1 leaves it out, to
 * measure what the index costs the floor itself). */
static int with_index = 1;

enum { S_BEGIN, S_FEED, S_EPISODE, S_STAGE, S_PODCAST_INDEX, S_EPISODE_INDEX, S_UNSTAGE, S_COMMIT, S_COUNT };
static const char *statements[S_COUNT] = {
    [S_BEGIN] = "BEGIN IMMEDIATE",
    [S_FEED] = "INSERT INTO feed (url, title, author, link, description, imageURL, lastCheckedAt, addedAt)"
               " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    [S_EPISODE] = "INSERT INTO episode (feedId, guid, feedOrder, title, rawDescription, rawDescriptionFormat,"
                  " releaseDateText, releaseDate, soundURL, soundMIMEType, soundByteLength, coverImageURL, duration,"
                  " season, episodeNumber, episodeType, link, chaptersURL, transcripts, feedChapters)"
                  " VALUES (?, ?, ?, ?, ?, 'html', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)",
    [S_STAGE] = "INSERT INTO temp.stage (id, title, notes) VALUES (?, ?, ?)",
    [S_PODCAST_INDEX] = "INSERT INTO podcastSearch (rowid, title) VALUES (?, ?)",
    [S_EPISODE_INDEX] = "INSERT INTO episodeSearch (rowid, title, chapters, notes, podcast)"
                        " SELECT id, title, NULL, notes, ? FROM temp.stage",
    [S_UNSTAGE] = "DELETE FROM temp.stage",
    [S_COMMIT] = "COMMIT",
};

typedef struct {
    sqlite3 *db;
    sqlite3_stmt *s[S_COUNT];
} Connection;

static void fail(sqlite3 *db, const char *what) {
    fprintf(stderr, "import-floor: %s: %s\n", what, sqlite3_errmsg(db));
    exit(1);
}

static void open_connection(const char *path, Connection *c) {
    if (sqlite3_open_v2(path, &c->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) fail(c->db, path);
    sqlite3_busy_timeout(c->db, 5000);
    if (sqlite3_exec(c->db, "PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;"
                            "CREATE TEMP TABLE stage (id INTEGER PRIMARY KEY, title, notes);", NULL, NULL, NULL) != SQLITE_OK)
        fail(c->db, "setting up a connection");
    for (int i = 0; i < S_COUNT; i++)
        if (sqlite3_prepare_v3(c->db, statements[i], -1, SQLITE_PREPARE_PERSISTENT, &c->s[i], NULL) != SQLITE_OK)
            fail(c->db, statements[i]);
}

static void close_connection(Connection *c) {
    for (int i = 0; i < S_COUNT; i++) sqlite3_finalize(c->s[i]);
    sqlite3_close(c->db);
}

static void text(sqlite3_stmt *s, int i, const char *value) {
    if (value) sqlite3_bind_text(s, i, value, -1, SQLITE_STATIC); else sqlite3_bind_null(s, i);
}

static void run(Connection *c, sqlite3_stmt *s) {
    if (sqlite3_step(s) != SQLITE_DONE) fail(c->db, sqlite3_sql(s));
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
}

/* Stores one parsed feed in one transaction; returns the episodes stored. */
static long store(Connection *c, const Feed *feed, double now) {
    sqlite3_stmt **s = c->s;
    run(c, s[S_BEGIN]);
    text(s[S_FEED], 1, feed->path);
    text(s[S_FEED], 2, feed->title);
    text(s[S_FEED], 3, feed->author);
    text(s[S_FEED], 4, feed->link);
    text(s[S_FEED], 5, feed->description ? feed->description : "");
    text(s[S_FEED], 6, feed->image);
    sqlite3_bind_double(s[S_FEED], 7, now);
    sqlite3_bind_double(s[S_FEED], 8, now);
    run(c, s[S_FEED]);
    sqlite3_int64 feed_id = sqlite3_last_insert_rowid(c->db);
    long stored = 0;
    for (size_t i = 0; i < feed->count; i++) {
        const Item *item = &feed->items[i];
        sqlite3_stmt *e = s[S_EPISODE];
        int ok;
        sqlite3_bind_int64(e, 1, feed_id);
        text(e, 2, item->guid ? item->guid : item->sound ? item->sound : item->link);
        sqlite3_bind_int64(e, 3, (sqlite3_int64)i);
        text(e, 4, item->title);
        text(e, 5, item->notes);
        text(e, 6, item->date);
        double date = release_date(item->date, &ok);
        if (ok) sqlite3_bind_double(e, 7, date);
        text(e, 8, item->sound);
        text(e, 9, item->type);
        long long length = whole(item->length);
        if (length) sqlite3_bind_int64(e, 10, length);
        text(e, 11, item->image);
        double seconds = duration(item->duration, &ok);
        if (ok) sqlite3_bind_double(e, 12, seconds);
        if (item->season) sqlite3_bind_int64(e, 13, strtoll(item->season, NULL, 10));
        long long number = whole(item->number);
        if (number) sqlite3_bind_int64(e, 14, number);
        text(e, 15, item->kind);
        text(e, 16, item->link);
        text(e, 17, item->chapters);
        text(e, 18, item->transcripts);
        int status = sqlite3_step(e);
        sqlite3_reset(e);
        sqlite3_clear_bindings(e);
        if (status == SQLITE_CONSTRAINT) continue;  /* a guid the feed repeats: its first item wins */
        if (status != SQLITE_DONE) fail(c->db, "storing an episode");
        stored++;
        if (!with_index) continue;
        sqlite3_bind_int64(s[S_STAGE], 1, sqlite3_last_insert_rowid(c->db));
        text(s[S_STAGE], 2, item->title);
        text(s[S_STAGE], 3, item->plain);
        run(c, s[S_STAGE]);
    }
    if (with_index) {
        sqlite3_bind_int64(s[S_PODCAST_INDEX], 1, feed_id);
        text(s[S_PODCAST_INDEX], 2, feed->title);
        run(c, s[S_PODCAST_INDEX]);
        char podcast[32];
        snprintf(podcast, sizeof podcast, "p%lld", (long long)feed_id);
        text(s[S_EPISODE_INDEX], 1, podcast);
        run(c, s[S_EPISODE_INDEX]);
        run(c, s[S_UNSTAGE]);
    }
    run(c, s[S_COMMIT]);
    return stored;
}

/* ---- Workers ---- */

static char **files;
static int file_count;
static const char *database;
static atomic_int next_file;
static atomic_long episodes_stored;
static pthread_mutex_t writing = PTHREAD_MUTEX_INITIALIZER;
static double parse_seconds, write_seconds;  /* summed over workers, under `writing` */

static double now_s(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void *worker(void *connection) {
    Connection *c = connection;
    double now = now_s(CLOCK_REALTIME) - REFERENCE_DATE;
    for (int i; (i = atomic_fetch_add(&next_file, 1)) < file_count;) {
        Feed feed = { .path = files[i] };
        double start = now_s(CLOCK_MONOTONIC);
        if (parse(&feed) != 0) { fprintf(stderr, "import-floor: cannot read %s\n", files[i]); exit(1); }
        double parsed = now_s(CLOCK_MONOTONIC);
        pthread_mutex_lock(&writing);
        double turn = now_s(CLOCK_MONOTONIC);
        atomic_fetch_add(&episodes_stored, store(c, &feed, now));
        parse_seconds += parsed - start;
        write_seconds += now_s(CLOCK_MONOTONIC) - turn;
        pthread_mutex_unlock(&writing);
        free_feed(&feed);
    }
    return NULL;
}

static int is_feed_file(const struct dirent *entry) {
    size_t n = strlen(entry->d_name);
    return n > 4 && !strcmp(entry->d_name + n - 4, ".xml");
}

static double cpu_seconds(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec / 1e6 +
           (double)usage.ru_stime.tv_sec + (double)usage.ru_stime.tv_usec / 1e6;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: import-floor DATABASE THREADS FEED_FILE... (or one directory of *.xml)\n");
        return 2;
    }
    database = argv[1];
    with_index = !getenv("IMPORT_FLOOR_WITHOUT_INDEX");
    int threads = atoi(argv[2]);
    if (threads < 1) threads = 1;
    struct stat info;
    if (argc == 4 && stat(argv[3], &info) == 0 && S_ISDIR(info.st_mode)) {
        struct dirent **entries;
        int n = scandir(argv[3], &entries, is_feed_file, versionsort);
        if (n < 0) { perror(argv[3]); return 1; }
        files = malloc(sizeof *files * (size_t)(n ? n : 1));
        for (int i = 0; i < n; i++) {
            if (asprintf(&files[i], "%s/%s", argv[3], entries[i]->d_name) < 0) return 1;
            free(entries[i]);
        }
        free(entries);
        file_count = n;
    } else {
        files = argv + 3;
        file_count = argc - 3;
    }
    if (stat(database, &info) == 0) { fprintf(stderr, "import-floor: %s exists already\n", database); return 1; }

    xmlInitParser();
    sqlite3 *db;
    if (sqlite3_open(database, &db) != SQLITE_OK || sqlite3_exec(db, schema, NULL, NULL, NULL) != SQLITE_OK)
        fail(db, "creating the schema");
    sqlite3_close(db);
    Connection *connections = calloc((size_t)threads, sizeof *connections);
    pthread_t *ids = calloc((size_t)threads, sizeof *ids);
    for (int t = 0; t < threads; t++) open_connection(database, &connections[t]);

    double cpu = cpu_seconds(), start = now_s(CLOCK_MONOTONIC);
    for (int t = 0; t < threads; t++) pthread_create(&ids[t], NULL, worker, &connections[t]);
    for (int t = 0; t < threads; t++) pthread_join(ids[t], NULL);
    double wall = now_s(CLOCK_MONOTONIC) - start;
    cpu = cpu_seconds() - cpu;

    printf("import floor%s: %.3f s, %d feeds, %ld episodes (%d threads; CPU %.2f s; summed over threads, "
           "parsing %.2f s, storing %.2f s)\n", with_index ? "" : " without the full-text index", wall, file_count,
           atomic_load(&episodes_stored), threads, cpu, parse_seconds, write_seconds);
    for (int t = 0; t < threads; t++) close_connection(&connections[t]);
    xmlCleanupParser();
    return 0;
}
