# ledmarquee — make run plays the demo, make test runs every test.
SWIFT  ?= swift
PREFIX ?= /usr/local
BIN    := .build/release/ledmarquee
# The Swift driver leaves a TemporaryDirectory.* behind in $TMPDIR for every
# compile; keep them in the build folder, which `make clean` removes.
SCRATCH := $(CURDIR)/.build/tmp
SWIFT_ENV = mkdir -p $(SCRATCH) && TMPDIR=$(SCRATCH)

.PHONY: all deps build run test bench soak install uninstall clean

all: build

deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT_ENV) $(SWIFT) build -c release

run: build
	$(BIN)

# Unit tests and the end-to-end tests (the real binary in tmux) in one run;
# the last line is Swift Testing's count line.
test: deps
	$(SWIFT_ENV) $(SWIFT) build
	$(SWIFT_ENV) $(SWIFT) test

bench: build
	./bench/run.sh

# The release binary for SOAK_SECONDS (default 600) under random keys and
# resizes, checking for growth, hangs and a restored terminal (docs/testing.md).
soak: build
	python3 scripts/soak.py --binary $(BIN)

install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/ledmarquee
	install -m 644 Resources/ledmarquee.1 $(DESTDIR)$(PREFIX)/share/man/man1/ledmarquee.1

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/ledmarquee $(DESTDIR)$(PREFIX)/share/man/man1/ledmarquee.1

clean:
	rm -rf .build
