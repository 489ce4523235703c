# Almanac: `make` builds the tool and the example site (Content/ → Output/); `make test` runs
# every test. Both install the Debian packages they need when run as root.

DEBIAN_PACKAGES := libcmark-dev libyaml-dev libicu-dev pkg-config
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)

.PHONY: all site deps build test clean

all: site

# Installs whichever of the packages are missing (as root), or says how to.
deps:
	@missing=""; \
	for package in $(DEBIAN_PACKAGES); do \
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

test: deps
	$(SWIFT) test

clean:
	rm -rf .build Output .Output.new .Output.old
