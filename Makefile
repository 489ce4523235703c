# Almanac: `make` builds the tool and the example site (Content/ → Output/); `make test` runs
# every test. Both install the Debian packages they need when run as root.

DEBIAN_PACKAGES := libcmark-dev libyaml-dev libicu-dev libssl-dev libmicrohttpd-dev pkg-config
# The browser tests drive Debian's Chromium with Selenium from PyPI; the process tests kill
# builds at chosen system calls with strace. The index oracle asks ICU through Debian's PyICU.
# A Japanese font, so the browser lays out and the screenshots show the Japanese page's text.
# Node runs its own test runner for the reports tests (its JUnit reporter is in Node 20).
TEST_PACKAGES := $(DEBIAN_PACKAGES) nodejs chromium chromium-driver python3-venv strace python3-icu fonts-ipafont-gothic zsh fish
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
# The benchmark compares against Debian's Hugo (and Lunr, from node-lunr, for typo queries), times with
# GNU time and loads `serve` with wrk.
BENCH_PACKAGES := $(TEST_PACKAGES) hugo time wrk node-lunr
PYTHON ?= python3
VENV := .build/browser-venv

.PHONY: install all site deps test-deps install-packages build test swift-test script-test browser-test report-test index-oracle process-test fuzz-build fuzz fuzz-smoke sanitize bench clean

all: site

deps:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(DEBIAN_PACKAGES)"

test-deps:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(TEST_PACKAGES)"

# Installs whichever of PACKAGES are missing (as root), or says how to.
install-packages:
	@missing=""; \
	for package in $(PACKAGES); do \
		dpkg -s $$package >/dev/null 2>&1 || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo "Installing$$missing"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
		else \
			echo "Missing Debian packages:$$missing — run: sudo apt-get install$$missing"; exit 1; \
		fi; \
	fi

build: deps
	$(SWIFT) build -c release

site: build
	.build/release/almanac build

# Installs almanac into $(DESTDIR)$(PREFIX)/bin (with `man almanac` and shell completions, written
# by the binary from its own option table), built with the Swift runtime linked in, so it
# runs without the toolchain: only Debian's libraries (libcmark, libyaml, ICU, OpenSSL,
# libmicrohttpd, libxml2) beside it.
PREFIX ?= /usr/local
install: deps
	$(SWIFT) build -c release --static-swift-stdlib --build-path .build/static
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 .build/static/release/almanac $(DESTDIR)$(PREFIX)/bin/almanac
	install -d $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
		$(DESTDIR)$(PREFIX)/share/zsh/vendor-completions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	.build/static/release/almanac man > $(DESTDIR)$(PREFIX)/share/man/man1/almanac.1
	.build/static/release/almanac completions bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/almanac
	.build/static/release/almanac completions zsh > $(DESTDIR)$(PREFIX)/share/zsh/vendor-completions/_almanac
	.build/static/release/almanac completions fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/almanac.fish
	@echo "Installed $(DESTDIR)$(PREFIX)/bin/almanac, its manual page and its bash, zsh and fish completions"

test: test-deps swift-test script-test browser-test report-test strings-test index-oracle process-test fuzz-smoke sanitize

# Swift Testing only: the XCTest runner would print a tally of no tests before it.
swift-test:
	$(SWIFT) build
	$(SWIFT) test --disable-xctest

# The page script's parts, unit-tested with Node's own runner (Tests/Script/parts.mjs loads
# them as the build joins them, after the contract a real build wrote).
script-test:
	ALMANAC_BIN=.build/debug/almanac node --test Tests/Script/*.test.mjs

$(VENV)/.installed: Tests/Browser/requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r Tests/Browser/requirements.txt
	touch $@

# axe-core, the accessibility checker the browser tests run: its script as published inside
# axe-playwright-python's wheel on PyPI (only the script is used, with Selenium).
AXE_WHEEL := axe-playwright-python==0.1.8
$(VENV)/axe.min.js: $(VENV)/.installed
	$(VENV)/bin/pip download --quiet --disable-pip-version-check --no-deps --dest $(VENV)/wheels $(AXE_WHEEL)
	$(VENV)/bin/python -c "import glob, zipfile; wheel = zipfile.ZipFile(sorted(glob.glob('$(VENV)/wheels/axe_playwright_python-*.whl'))[-1]); open('$@', 'wb').write(wheel.read('axe_playwright_python/axe.min.js'))"

browser-test: $(VENV)/.installed $(VENV)/axe.min.js
	ALMANAC_BIN=.build/debug/almanac $(VENV)/bin/python -m pytest -q -p no:cacheprovider Tests/Browser

# Test reports' Markdown read by a GFM parser (markdown-it-py), at several byte budgets.
report-test: $(VENV)/.installed
	ALMANAC_BIN=.build/debug/almanac $(VENV)/bin/python -m pytest -q -p no:cacheprovider Tests/Reports

# The strings tables read by a second reader (PyYAML), and against what built pages carry.
strings-test: $(VENV)/.installed
	ALMANAC_BIN=.build/debug/almanac $(VENV)/bin/python -m pytest -q -p no:cacheprovider Tests/Strings

# Sections against ICU's AlphabeticIndex in 43 locales, on CLDR's own names (Debian's python3,
# which has python3-icu).
index-oracle:
	ALMANAC_BIN=.build/debug/almanac /usr/bin/python3 Tests/Collation/index_oracle.py

# Real builds killed at random moments and at each step of the swap (ALMANAC_KILLS=200 for
# the long run).
process-test: $(VENV)/.installed
	ALMANAC_BIN=.build/debug/almanac $(VENV)/bin/python -m pytest -q -p no:cacheprovider -s Tests/Process

# Every parser under libFuzzer with AddressSanitizer (Fuzz/ is a package of the parsers alone,
# so the fuzzer flag never reaches the template-embedding build tool). FUZZ_SECONDS per target
# (default 5 minutes); findings land in .build/fuzz-findings/TARGET/.
FUZZ_TARGETS := csv tsv json ndjson yaml plist junit results ctrf frontmatter mustache strings
FUZZ_SECONDS ?= 300

fuzz-build: deps
	$(SWIFT) build --target TemplateEmbedder
	rm -rf Fuzz/Generated && mkdir -p Fuzz/Generated/AlmanacDefaults
	cp Sources/AlmanacDefaults/DefaultTemplates.swift Fuzz/Generated/AlmanacDefaults/
	.build/debug/TemplateEmbedder Templates Fuzz/Generated/AlmanacDefaults/EmbeddedTemplates.swift $$(find Templates -type f | LC_ALL=C sort)
	cd Fuzz && $(SWIFT) build --build-path ../.build/fuzz-package -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING

fuzz: fuzz-build
	@for target in $(FUZZ_TARGETS); do Tests/Fuzz/run $$target $(FUZZ_SECONDS) || exit 1; done

# A few seconds a target, with the saved regressions: keeps every harness building and running.
fuzz-smoke: fuzz-build
	@for target in $(FUZZ_TARGETS); do Tests/Fuzz/run $$target 5 || exit 1; done

# Thread Sanitizer, then Address Sanitizer (with LeakSanitizer), over the Swift tests, a build of
# the 10,000-row benchmark site and `serve` under many clients (Tests/Sanitize/run): any report
# fails. Leaks inside the toolchain's libraries are named with their reasons in lsan.supp.
sanitize: test-deps $(VENV)/.installed
	SWIFT=$(SWIFT) Tests/Sanitize/run thread
	SWIFT=$(SWIFT) Tests/Sanitize/run address

# Almanac against Hugo on the same generated data; writes Benchmarks/RESULTS.md.
# BENCH_ARGS="--sizes 1000,10000 --runs 3" for a quick look, "--million" to add 1,000,000 rows,
# "--ten-million" to build 10,000,000 rows alone (keeping the last run's other figures).
bench:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(BENCH_PACKAGES)"
	$(SWIFT) build -c release
	@$(MAKE) --no-print-directory $(VENV)/.installed $(VENV)/.bench-installed
	$(VENV)/bin/python Benchmarks/bench.py $(BENCH_ARGS)

# Pagefind (from PyPI) for the benchmark alone: the tests never need it.
$(VENV)/.bench-installed: $(VENV)/.installed Benchmarks/requirements.txt
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r Benchmarks/requirements.txt
	touch $@

clean:
	rm -rf .build Output .Output.new .Output.old .almanac
