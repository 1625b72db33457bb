# gpuglitch: the two commands of the README, and what CI runs.
SWIFT ?= swift
# Extra flags for every build and test run; CI sets -Xswiftc -warnings-as-errors.
SWIFT_BUILD_FLAGS ?=
export POCL_CACHE_DIR ?= $(CURDIR)/.build/pocl-cache
DEMO_OUT ?= out/demo
# Seconds each fuzz target runs in `make fuzz`.
FUZZ_SECONDS ?= 20

.PHONY: demo test deps build release test-no-opencl docs fuzz determinism clean

deps:
	@scripts/install-deps.sh
	@mkdir -p $(POCL_CACHE_DIR)

build: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)

release: deps
	$(SWIFT) build -c release $(SWIFT_BUILD_FLAGS)

# Scale, crop and glitch the bundled sample photographs into out/demo.
demo: release
	@rm -rf $(DEMO_OUT)
	$$($(SWIFT) build -c release $(SWIFT_BUILD_FLAGS) --show-bin-path)/gpuglitch process samples --output $(DEMO_OUT) --report $(DEMO_OUT)/report.json
	@echo "outputs in $(DEMO_OUT)/ (report: $(DEMO_OUT)/report.json)"

# The whole test suite, then the API misuses the compiler must refuse. OpenCL (POCL) must be
# present: its tests fail rather than skip. First, the docs' Swift blocks must match their
# compiled copies (scripts/doc-snippets.py writes them).
test: deps
	scripts/doc-snippets.py --check
	GPUGLITCH_REQUIRE_OPENCL=1 SWIFT=$(SWIFT) scripts/swift-test.sh $(SWIFT_BUILD_FLAGS)
	scripts/check-api-misuse.sh $$($(SWIFT) build $(SWIFT_BUILD_FLAGS) --show-bin-path)

# The suite on a machine without OpenCL: the CPU path runs, OpenCL tests skip with a reason.
test-no-opencl: deps
	@mkdir -p .build/empty-icd
	OCL_ICD_VENDORS=$(CURDIR)/.build/empty-icd GPUGLITCH_REQUIRE_OPENCL=0 SWIFT=$(SWIFT) scripts/swift-test.sh $(SWIFT_BUILD_FLAGS)

# API documentation of GPUOps and OperationChain (DocC), warnings as errors, into .build/docs.
docs: deps
	scripts/build-docs.sh

# Every libFuzzer target (Fuzz/, -sanitize=fuzzer,address, built in .build/fuzz) for
# FUZZ_SECONDS each on a scratch copy of its corpus; fails on any crash, leak, time-out or
# out-of-memory (docs/TESTING.md).
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_FLAGS="$(FUZZ_FLAGS)" SWIFT=$(SWIFT) Fuzz/run.sh

# Every fixture, regression input and fuzz seed through the binary twice, under two heap
# fillings (MALLOC_PERTURB_), at 64 px, at full size and with the glitch, on the CPU and on
# every OpenCL device: outputs must be identical byte for byte (docs/TESTING.md).
determinism: release
	scripts/check-determinism.sh $$($(SWIFT) build -c release $(SWIFT_BUILD_FLAGS) --show-bin-path)/gpuglitch

clean:
	rm -rf .build out
