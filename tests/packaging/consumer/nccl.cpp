// SPDX-License-Identifier: Apache-2.0
// tests/packaging/consumer/nccl.cpp: a program on warpnum::nccl, which must bring NCCL's header and library along
// with warpnum's headers: compiles <warpnum/nccl/shards.hpp> and links libnccl. Exits 0 when NCCL reports its version
// (no GPU needed) and a communicator of a rank outside it is refused before NCCL is called.
#include <warpnum/nccl/communicator.hpp>
#include <warpnum/nccl/shards.hpp>

#include <nccl.h>

#include <cstdio>
#include <stdexcept>

int main() {
  int version = 0;
  bool refused = false;
  try {
    const warpnum::nccl::Communicator comm(ncclUniqueId{}, 1, 1);
  } catch (const std::invalid_argument&) {
    refused = true;
  }
  const bool ok = ncclGetVersion(&version) == ncclSuccess && version > 0 && refused;
  std::printf(ok ? "consumer nccl: ok (NCCL %d)\n" : "consumer nccl: FAILED (NCCL %d)\n", version);
  return ok ? 0 : 1;
}
