# Earshot — the two commands are `make run` and `make test`; see README.md.
SWIFT ?= swift

# Every Debian package the build, the tests and the daemon need.
DEBIAN_PACKAGES := pkg-config libglib2.0-dev glib-networking libsoup-3.0-dev libxml2-dev libxml2-utils \
	libdbus-1-dev dbus-daemon playerctl libsqlite3-dev \
	libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-tools \
	gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad gstreamer1.0-libav \
	espeak-ng

.PHONY: deps build release test run bench clean

deps:
	@scripts/install-debian-packages $(DEBIAN_PACKAGES)

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test

run: release
	scripts/run-daemon $(ARGS)

bench: release
	bench/run

clean:
	rm -rf .build
