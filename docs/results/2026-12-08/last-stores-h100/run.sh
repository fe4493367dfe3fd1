#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The transforms' copies between shared memory and the residues folded into the steps beside them, on one H100: the
# run prepared on 2026-12-07, whose folder holds the three patches and the script (`run.sh 1`: the tests, the
# convolution alone and Integer's products side by side, the faults, Nsight Compute). The call of 2026-12-08 ran that
# script's body from a copy here; its logs are in call1/. Call with carry build-gpu/carry-next, from the repository
# root, the builds packed as that script says (the base build was commit 47f4db8, whose transform is 173e79b's).
exec bash docs/results/2026-12-07/last-stores-h100/run.sh "$@"
