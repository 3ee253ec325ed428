# ledmarquee — make run plays the demo, make test runs every test.
SWIFT  ?= swift
BIN    := .build/release/ledmarquee

# Where `make install` puts things: PREFIX, staged under DESTDIR for a package.
PREFIX      ?= /usr/local
BINDIR      ?= $(PREFIX)/bin
MANDIR      ?= $(PREFIX)/share/man/man1
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
# The systemd template unit ledmarquee@.service (README, "Run it as a
# kiosk"): a system unit, on systemd's search path for /usr and /usr/local.
UNITDIR     ?= $(PREFIX)/lib/systemd/system
# The guides `--help` and `send --help` point at (docs/*.md).
DOCDIR      ?= $(PREFIX)/share/doc/ledmarquee
DOCS        := $(notdir $(wildcard docs/*.md))
# The fleet page (docs/fleet-page.md), which Mosquitto serves itself
# (`http_dir`): static files, no build step.
WWWDIR      ?= $(PREFIX)/share/ledmarquee/www
WWW         := $(notdir $(wildcard www/*))
# Every file install writes, which is what uninstall removes.
INSTALLED = $(BINDIR)/ledmarquee $(MANDIR)/ledmarquee.1 $(BASHCOMPDIR)/ledmarquee \
            $(ZSHCOMPDIR)/_ledmarquee $(FISHCOMPDIR)/ledmarquee.fish $(UNITDIR)/ledmarquee@.service \
            $(addprefix $(DOCDIR)/,$(DOCS)) $(addprefix $(WWWDIR)/,$(WWW))
# The completion scripts, printed by the binary being installed.
COMPLETIONS := .build/completions
# The Swift driver leaves a TemporaryDirectory.* behind in $TMPDIR for every
# compile; keep them in the build folder, which `make clean` removes.
SCRATCH := $(CURDIR)/.build/tmp
SWIFT_ENV = mkdir -p $(SCRATCH) && TMPDIR=$(SCRATCH)

FUZZ_SECONDS ?= 60

.PHONY: all deps deps-test deps-deb build run test fuzz bench soak install uninstall deb check-deb clean docs-images

all: build

# What building and running need (headers of the libraries the binary
# links); deps-test adds the test tools. Neither starts a service
# (scripts/install-deps.sh).
deps:
	@./scripts/install-deps.sh build

deps-test:
	@./scripts/install-deps.sh test

deps-deb:
	@./scripts/install-deps.sh deb

# The Swift runtime (and Foundation, Dispatch) linked in statically: the
# binary runs without the toolchain and starts without loading and
# relocating a dozen Swift libraries (docs/architecture.md); with nothing
# of the build's beside it to find, it needs no $ORIGIN search path.
# Such a runtime looks for its crash reporter beside the binary
# (swift-backtrace): the toolchain's static one is linked there, so a
# crash of the release binary is reported as the debug build's is.
BACKTRACER := $(dir $(realpath $(shell command -v $(SWIFT))))../libexec/swift/linux/swift-backtrace-static
build: deps
	$(SWIFT_ENV) $(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath
	@if [ -x "$(BACKTRACER)" ]; then ln -sf "$(BACKTRACER)" $(dir $(BIN))swift-backtrace; fi

run: build
	$(BIN)

# The README's pictures of the sign, made by the release binary's --export
# and committed (docs/export.md, "The README's pictures"): an animation, and
# a still of each LED grid, which Tests/EndToEndTests/ExportTests.swift
# holds to what --export draws now (the looks' golden images).
DOCS_IMAGES := docs/images
docs-images: build
	mkdir -p $(DOCS_IMAGES)
	$(BIN) --export $(DOCS_IMAGES)/on-air.gif --cols 60 --rows 12 --led-pixels 8 "ON AIR"
	$(BIN) --export $(DOCS_IMAGES)/look-fine.png --cols 60 --rows 11 --led-pixels 8 --static OPEN
	$(BIN) --export $(DOCS_IMAGES)/look-round.png --cols 100 --rows 16 --led-pixels 16 --static --leds round OPEN
	$(BIN) --export $(DOCS_IMAGES)/look-square.png --cols 100 --rows 16 --led-pixels 16 --static --leds square -c amber OPEN
	@# The looks at three sizes (docs/display.md, "Looks at three sizes"):
	@# the frames the golden files hold, as pictures.
	@for size in 80x24 200x50 240x67; do \
	  cols=$${size%x*}; rows=$${size#*x}; \
	  $(BIN) --export $(DOCS_IMAGES)/looks-fine-$$size.png --cols $$cols --rows $$rows --led-pixels 4 --static Open && \
	  $(BIN) --export $(DOCS_IMAGES)/looks-round-$$size.png --cols $$cols --rows $$rows --led-pixels 4 --static --leds round Open && \
	  $(BIN) --export $(DOCS_IMAGES)/looks-square-$$size.png --cols $$cols --rows $$rows --led-pixels 4 --static --leds square Open && \
	  $(BIN) --export $(DOCS_IMAGES)/looks-glow-$$size.png --cols $$cols --rows $$rows --led-pixels 4 --static --glow Open && \
	  $(BIN) --export $(DOCS_IMAGES)/looks-dejavu-sans-bold-$$size.png --cols $$cols --rows $$rows --led-pixels 4 --static \
	    --font 'DejaVu Sans:bold' Open || exit 1; \
	done
	@# The fleet page's screenshots (docs/fleet-page.md), from its test in
	@# Debian's chromium (needs `make test`'s tools: scripts/install-deps.sh test).
	LEDMARQUEE_SCREENSHOTS=$(abspath $(DOCS_IMAGES)) $(SWIFT_ENV) $(SWIFT) test --filter FleetPage
	@ls -l $(DOCS_IMAGES)

# Unit tests and the end-to-end tests (the real binary in tmux) in one run,
# after `make install` and `uninstall` into a scratch DESTDIR and a smoke of
# every fuzz target (corpus replayed, then 5 s each), each with a summary
# line of its own first, so the last line stays Swift Testing's count line.
test: deps-test
	./scripts/check-deps.sh
	$(SWIFT_ENV) $(SWIFT) build
	./scripts/check-public-api.sh
	./scripts/check-install.sh .build/debug/ledmarquee
	./scripts/fuzz.sh smoke
	$(SWIFT_ENV) $(SWIFT) test

# libFuzzer targets for every parser and for layout/composition
# (Tests/Fuzz/README.md): each replays its corpus, then fuzzes FUZZ_SECONDS.
fuzz: deps
	./scripts/fuzz.sh run $(FUZZ_SECONDS)

bench: build deps-test
	./bench/run.sh

# The release binary for SOAK_SECONDS (default 600) under random keys and
# resizes, checking for growth, hangs and a restored terminal (docs/testing.md).
soak: build deps-test
	python3 scripts/soak.py --binary $(BIN)

# The binary, its man page, its completions for bash, zsh and fish
# (docs/completions.md), the fleet page (docs/fleet-page.md) and the systemd unit, whose ExecStart names the
# binary where it is installed ($(BINDIR), without DESTDIR).
# scripts/check-install.sh runs this and uninstall into a scratch DESTDIR
# with a binary already built (BIN=..., make -o build).
install: build
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR) \
	  $(DESTDIR)$(UNITDIR) $(DESTDIR)$(DOCDIR) $(DESTDIR)$(WWWDIR)
	install -m 644 $(addprefix docs/,$(DOCS)) $(DESTDIR)$(DOCDIR)/
	install -m 644 $(addprefix www/,$(WWW)) $(DESTDIR)$(WWWDIR)/
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/ledmarquee
	install -m 644 Resources/ledmarquee.1 $(DESTDIR)$(MANDIR)/ledmarquee.1
	mkdir -p $(COMPLETIONS)
	$(BIN) --completions bash > $(COMPLETIONS)/ledmarquee
	$(BIN) --completions zsh > $(COMPLETIONS)/_ledmarquee
	$(BIN) --completions fish > $(COMPLETIONS)/ledmarquee.fish
	install -m 644 $(COMPLETIONS)/ledmarquee $(DESTDIR)$(BASHCOMPDIR)/ledmarquee
	install -m 644 $(COMPLETIONS)/_ledmarquee $(DESTDIR)$(ZSHCOMPDIR)/_ledmarquee
	install -m 644 $(COMPLETIONS)/ledmarquee.fish $(DESTDIR)$(FISHCOMPDIR)/ledmarquee.fish
	sed 's|@BINDIR@|$(BINDIR)|g' contrib/ledmarquee@.service.in > $(COMPLETIONS)/ledmarquee@.service
	install -m 644 $(COMPLETIONS)/ledmarquee@.service $(DESTDIR)$(UNITDIR)/ledmarquee@.service

# A Debian package of what install installs (scripts/make-deb.sh), in
# .build/deb/; check-deb unpacks it in a scratch root and runs it there
# without the toolchain (scripts/check-deb.sh).
deb: build deps-deb
	./scripts/make-deb.sh $(BIN)

check-deb: build deps-deb
	./scripts/check-deb.sh "$$(./scripts/make-deb.sh $(BIN))" $(BIN)

# Only the files install wrote; the folders may hold other programs' files.
uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	@rmdir $(DESTDIR)$(DOCDIR) $(DESTDIR)$(WWWDIR) 2>/dev/null || true
	@rmdir $(DESTDIR)$(PREFIX)/share/ledmarquee 2>/dev/null || true

clean:
	rm -rf .build
