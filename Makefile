# The two commands: `make play` and `make test`. Both install what they need first.
SHELL := /bin/bash
export CARGO_TARGET_DIR ?= $(HOME)/.cache/muggins-target
SHOTS ?= screenshots
XVFB := xvfb-run -a -s "-screen 0 1280x720x24"
SHOT_NAMES := 01-title 02-setup 03-marbles 04-dominoes 05-kugelbox 06-pause 07-results \
	08-marbles-roll 09-marbles-place 10-marbles-challenge 11-marbles-challenged 12-marbles-end \
	13-marbles-sheet 14-marbles-pad 15-setup-pads 16-marbles-d12 17-dominoes-ends \
	18-dominoes-draw 19-dominoes-pass 20-dominoes-hand-end 21-dominoes-sheet 22-kugel-aim \
	23-kugel-flight 24-kugel-score 25-kugel-choice 26-kugel-layout

.PHONY: play test deps test-deps smoke screenshots readme-pictures lint bench bench-frame bench-live \
	soak fuzz

## Build in release and open the game.
play: deps
	cargo run --release

## Every test: formatting, the pure layers without Bevy, everything with Bevy, the real window.
test: test-deps
	cargo fmt --check
	cargo test --no-default-features
	cargo test
	$(MAKE) --no-print-directory smoke

deps:
	@.ci/deps build

test-deps:
	@.ci/deps test

## The real window under Xvfb with Mesa's software Vulkan: visits every screen, saves PNGs
## into $(SHOTS)/ and fails unless each exists and is not a blank single colour.
smoke screenshots: test-deps
	cargo build
	rm -rf $(SHOTS) && mkdir -p $(SHOTS)
	timeout 600 $(XVFB) $(CARGO_TARGET_DIR)/debug/muggins --screenshots $(SHOTS)
	cargo run --quiet -- check-shots $(patsubst %,$(SHOTS)/%.png,$(SHOT_NAMES))

## The README's pictures of the three games, from the last `make screenshots`.
readme-pictures:
	cp $(SHOTS)/09-marbles-place.png assets/readme/marbles.png
	cp $(SHOTS)/17-dominoes-ends.png assets/readme/dominoes.png
	cp $(SHOTS)/24-kugel-score.png assets/readme/kugelbox.png

lint:
	cargo fmt --check
	cargo clippy --all-targets -- -D warnings
	cargo clippy --all-targets --no-default-features -- -D warnings

## Speed figures from a release build of the pure layers.
bench:
	cargo run --release --no-default-features -- bench

## The running game's frame time (`frame.*`) needs the game built in: the release build that
## `make play` makes.
bench-frame: deps
	cargo run --release -- bench frame

## The live table's physics against the pure world (`physics.live_*`), from the same build.
bench-live: deps
	cargo run --release -- bench live

## 1,000 whole AI games of the three games through the headless app in one process: no panic,
## the memory at the end against the warm start (`make test` runs three).
soak: deps
	cargo run --release -- soak --games 1000

## The record, preset and settings parsers driven with 100,000 generated inputs each (`make
## test` runs a short run).
fuzz:
	cargo run --release --no-default-features -- fuzz --inputs 100000
