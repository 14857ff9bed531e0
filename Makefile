# Earshot — the two commands are `make run` and `make test`; see README.md.
SWIFT ?= swift

# Every Debian package the build, the tests and the daemon need.
DEBIAN_PACKAGES := pkg-config libglib2.0-dev glib-networking libsoup-3.0-dev libxml2-dev libxml2-utils \
	libdbus-1-dev dbus-daemon playerctl libsqlite3-dev sqlite3 \
	libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-tools \
	gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad gstreamer1.0-libav \
	espeak-ng libsecret-1-dev gnome-keyring php8.2-cli php8.2-sqlite3 python3-mygpoclient python3-dbusmock \
	dpkg-dev lintian man-db groff-base bash-completion zsh fish libncurses-dev tmux

# Cover art in `earshot tui` (docs/tui.md): images decoded by gdk-pixbuf, drawn as character cells by libchafa.
DEBIAN_PACKAGES += libchafa-dev libgdk-pixbuf-2.0-dev

# Translations (docs/translating.md): msgfmt, msgmerge and xgettext, and the locales' sources that the
# tests compile into .build/locales (localedef) to run Earshot in each shipped language.
DEBIAN_PACKAGES += gettext locales

# Downloads' PGP signatures (docs/feeds.md): gpg checks them; its tests make keys and sign with gpg-agent.
DEBIAN_PACKAGES += gnupg

# The speech recognition helper's (docs/transcription.md): its Python environment, and the LibriVox
# reading with its text that its tests hear.
DEBIAN_PACKAGES += python3 python3-venv pocketsphinx-testdata

.PHONY: deps build release translations transcriber test test-deb run bench clean install install-files uninstall uninstall-files deb

deps:
	@scripts/install-debian-packages $(DEBIAN_PACKAGES)

build: deps translations
	$(SWIFT) build

# The compiled message catalogues beside the binaries (.build/locale/LANG/LC_MESSAGES/earshot.mo, which
# a binary in .build finds by itself), and the shipped languages' locales for the tests (.build/locales,
# read through LOCPATH, so the tests need no locale installed on the machine).
translations: deps
	scripts/translations build .build/locale
	scripts/locales .build/locales

# The release binary carries the Swift runtime and Foundation inside it (--static-swift-stdlib): only
# the pages the daemon touches become resident, about 7 MB less than mapping the shared libraries, and
# it starts without resolving them. Tests build the usual debug binaries.
release: deps translations
	$(SWIFT) build -c release --static-swift-stdlib

# The speech recognition helper (docs/transcription.md) in .build/transcriber: a Python environment
# with its packages pinned by hash, set up once and again when transcriber/requirements.txt changes.
transcriber: deps
	scripts/setup-transcriber .build/transcriber

# The suite, then the speech recognition helper's own tests (scripts/test-transcriber), then the short
# endurance soak on the debug daemon (bench/soak.sh --short: about 60 s of episode changes, refreshes,
# downloads and calls on one daemon, then checks that memory, descriptors, threads and the database
# stayed bounded), then the Debian package built from the release binary and
# tried as a listener would (scripts/test-deb: as root only, since it installs the package; it builds
# the release binary and the package first, and says so when it skips).
test: deps transcriber translations
	scripts/translations check
	$(SWIFT) build --build-tests
	SWIFT=$(SWIFT) scripts/run-tests
	scripts/test-transcriber
	bench/soak.sh --short --build .build/debug
	@$(MAKE) --no-print-directory test-deb

test-deb: deps
	scripts/test-deb

run: release transcriber
	scripts/run-daemon $(ARGS)

bench: release
	bench/run

clean:
	rm -rf .build

# Installing (README.md, "Installing"). `make install` builds the release binary and installs it
# with its desktop integration. `make uninstall` removes exactly those files. The -files variants
# do the same without building or telling the running session: the tests use them to install an
# already-built binary (EARSHOT_BINARY) into a temporary PREFIX.
# PREFIX is ~/.local for a user and /usr/local for root. DESTDIR stages the files under another
# root; the paths written into the installed files never contain it.
ifeq ($(shell id -u),0)
PREFIX ?= /usr/local
else
PREFIX ?= $(HOME)/.local
endif
EARSHOT_BINARY ?= .build/release/earshot
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
# The session bus reads service files from $XDG_DATA_HOME/dbus-1/services (~/.local/share/...) and
# $XDG_DATA_DIRS/dbus-1/services (/usr/local/share/..., /usr/share/...): share/ for every prefix.
DBUS_SERVICE_DIR ?= $(DATADIR)/dbus-1/services
# systemd reads user units from $XDG_DATA_HOME/systemd/user, which is ~/.local/share/systemd/user,
# and never from ~/.local/lib/systemd/user. For /usr/local and /usr, the place for installed units
# is <prefix>/lib/systemd/user (see `systemd-analyze --user unit-paths`). Other prefixes follow
# that layout, and systemd reads none of them.
ifeq ($(patsubst %/,%,$(PREFIX)),$(HOME)/.local)
SYSTEMD_USER_UNIT_DIR ?= $(DATADIR)/systemd/user
else
SYSTEMD_USER_UNIT_DIR ?= $(PREFIX)/lib/systemd/user
endif
DEMO_DIR ?= $(DATADIR)/earshot/demo
# Downloads' PGP signatures (docs/feeds.md): gpg checks them; its tests make keys and sign with gpg-agent.
DEBIAN_PACKAGES += gnupg

# The speech recognition helper's source, its pinned requirements and its setup script (`setup DIR`).
TRANSCRIBER_DIR ?= $(DATADIR)/earshot/transcriber
MANDIR ?= $(DATADIR)/man
# The languages with a catalogue, a translated desktop file and manual pages (po/LINGUAS).
LANGUAGES := $(shell sed 's/\#.*//' po/LINGUAS)
# Shell completions go where each shell looks for the prefix: bash-completion reads
# share/bash-completion/completions next to a command's bin/ and under $XDG_DATA_HOME and
# $XDG_DATA_DIRS; fish reads share/fish/vendor_completions.d there too. zsh reads Debian's
# /usr/share/zsh/vendor-completions and /usr/local/share/zsh/site-functions; for other prefixes
# (~/.local) the folder must be added to fpath (README.md, "Installing").
BASH_COMPLETION_DIR ?= $(DATADIR)/bash-completion/completions
FISH_COMPLETION_DIR ?= $(DATADIR)/fish/vendor_completions.d
ifeq ($(patsubst %/,%,$(PREFIX)),/usr)
ZSH_COMPLETION_DIR ?= $(DATADIR)/zsh/vendor-completions
else
ZSH_COMPLETION_DIR ?= $(DATADIR)/zsh/site-functions
endif

# The paths go into Exec lines unquoted, and uninstall removes files under them.
check-prefix = @case '$(PREFIX)' in /*[[:space:]]*|[!/]*|'') \
	echo "earshot: PREFIX must be an absolute path without spaces: '$(PREFIX)'" >&2; exit 1;; esac

# $(call install-template,TEMPLATE,TARGET): installs TEMPLATE as TARGET with @BINDIR@ replaced.
install-template = @echo "install -D -m 0644 $(1) '$(2)' (@BINDIR@ = $(BINDIR))"; \
	tmp=$$(mktemp) && sed 's|@BINDIR@|$(BINDIR)|g' '$(1)' > "$$tmp" \
	&& install -D -m 0644 "$$tmp" '$(2)'; status=$$?; rm -f "$$tmp"; exit $$status

# Tells a running session what changed, when there is one and nothing was staged: the systemd user
# manager rereads its units, and the session bus rereads its service files.
define refresh-session
	@if [ -z '$(DESTDIR)' ]; then \
		systemctl --user daemon-reload 2>/dev/null || true; \
		if [ -n "$${DBUS_SESSION_BUS_ADDRESS:-}" ] || [ -S "$${XDG_RUNTIME_DIR:-/nonexistent}/bus" ]; then \
			dbus-send --session --type=method_call --dest=org.freedesktop.DBus /org/freedesktop/DBus \
				org.freedesktop.DBus.ReloadConfig 2>/dev/null || true; \
		fi; \
	fi
endef

install: release
	@$(MAKE) --no-print-directory install-files
	$(refresh-session)

install-files:
	@[ -x '$(EARSHOT_BINARY)' ] || { echo "earshot: no binary at $(EARSHOT_BINARY): run make release first, or set EARSHOT_BINARY" >&2; exit 1; }
	$(check-prefix)
	install -D -m 0755 '$(EARSHOT_BINARY)' '$(DESTDIR)$(BINDIR)/earshot'
	scripts/translations desktop data/earshot.desktop .build/earshot.desktop
	install -D -m 0644 .build/earshot.desktop '$(DESTDIR)$(DATADIR)/applications/earshot.desktop'
	install -D -m 0644 data/icons/earshot.svg '$(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/earshot.svg'
	install -D -m 0644 data/org.earshot.Earshot.search-provider.ini '$(DESTDIR)$(DATADIR)/gnome-shell/search-providers/org.earshot.Earshot.search-provider.ini'
	scripts/translations desktop data/earshot-krunner.desktop .build/earshot-krunner.desktop
	install -D -m 0644 .build/earshot-krunner.desktop '$(DESTDIR)$(DATADIR)/krunner/dbusplugins/earshot.desktop'
	scripts/translations build .build/locale
	for language in $(LANGUAGES); do \
		install -D -m 0644 .build/locale/$$language/LC_MESSAGES/earshot.mo '$(DESTDIR)$(DATADIR)/locale/'$$language/LC_MESSAGES/earshot.mo || exit 1; \
	done
	install -D -m 0644 -t '$(DESTDIR)$(DEMO_DIR)' $(wildcard data/demo/*)
	install -D -m 0644 -t '$(DESTDIR)$(TRANSCRIBER_DIR)' $(wildcard transcriber/*.py) transcriber/requirements.txt
	install -D -m 0755 scripts/setup-transcriber '$(DESTDIR)$(TRANSCRIBER_DIR)/setup'
	$(call install-template,dbus/org.mpris.MediaPlayer2.earshot.service.in,$(DESTDIR)$(DBUS_SERVICE_DIR)/org.mpris.MediaPlayer2.earshot.service)
	$(call install-template,data/earshot.service.in,$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/earshot.service)
	@echo "scripts/generate-docs: man pages and completions from $(EARSHOT_BINARY)"; \
	docs=$$(mktemp -d) && scripts/generate-docs '$(EARSHOT_BINARY)' "$$docs" \
	&& install -D -m 0644 "$$docs/earshot.1" '$(DESTDIR)$(MANDIR)/man1/earshot.1' \
	&& install -D -m 0644 "$$docs/earshot.conf.5" '$(DESTDIR)$(MANDIR)/man5/earshot.conf.5' \
	&& install -D -m 0644 "$$docs/earshot.bash" '$(DESTDIR)$(BASH_COMPLETION_DIR)/earshot' \
	&& install -D -m 0644 "$$docs/_earshot" '$(DESTDIR)$(ZSH_COMPLETION_DIR)/_earshot' \
	&& install -D -m 0644 "$$docs/earshot.fish" '$(DESTDIR)$(FISH_COMPLETION_DIR)/earshot.fish' \
	&& for language in $(LANGUAGES); do \
		mkdir -p "$$docs/$$language" \
		&& EARSHOT_LOCALEDIR=.build/locale LC_ALL= LANG=C.UTF-8 LANGUAGE=$$language scripts/generate-docs --manual-only '$(EARSHOT_BINARY)' "$$docs/$$language" \
		&& install -D -m 0644 "$$docs/$$language/earshot.1" '$(DESTDIR)$(MANDIR)/'$$language/man1/earshot.1 \
		&& install -D -m 0644 "$$docs/$$language/earshot.conf.5" '$(DESTDIR)$(MANDIR)/'$$language/man5/earshot.conf.5 \
		|| exit 1; \
	done; \
	status=$$?; rm -rf "$$docs"; exit $$status

uninstall: uninstall-files
	$(refresh-session)

uninstall-files:
	$(check-prefix)
	rm -f '$(DESTDIR)$(BINDIR)/earshot' \
		'$(DESTDIR)$(DATADIR)/applications/earshot.desktop' \
		'$(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/earshot.svg' \
		'$(DESTDIR)$(DATADIR)/gnome-shell/search-providers/org.earshot.Earshot.search-provider.ini' \
		'$(DESTDIR)$(DATADIR)/krunner/dbusplugins/earshot.desktop' \
		'$(DESTDIR)$(DBUS_SERVICE_DIR)/org.mpris.MediaPlayer2.earshot.service' \
		'$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/earshot.service' \
		'$(DESTDIR)$(MANDIR)/man1/earshot.1' '$(DESTDIR)$(MANDIR)/man5/earshot.conf.5' \
		'$(DESTDIR)$(BASH_COMPLETION_DIR)/earshot' '$(DESTDIR)$(ZSH_COMPLETION_DIR)/_earshot' \
		'$(DESTDIR)$(FISH_COMPLETION_DIR)/earshot.fish'
	for language in $(LANGUAGES); do \
		rm -f '$(DESTDIR)$(DATADIR)/locale/'$$language/LC_MESSAGES/earshot.mo \
			'$(DESTDIR)$(MANDIR)/'$$language/man1/earshot.1 '$(DESTDIR)$(MANDIR)/'$$language/man5/earshot.conf.5; \
	done
	rm -rf '$(DESTDIR)$(DEMO_DIR)' '$(DESTDIR)$(TRANSCRIBER_DIR)'
	@if [ -d '$(DESTDIR)$(DATADIR)/earshot' ]; then rmdir --ignore-fail-on-non-empty '$(DESTDIR)$(DATADIR)/earshot'; fi

# The Debian package (README.md, "Installing"): earshot_VERSION_ARCH.deb in this folder, from the
# release binary and the files `make install-files PREFIX=/usr` installs (scripts/make-deb).
deb: release
	scripts/make-deb
