// SPDX-License-Identifier: Apache-2.0
// src/huge/division_graphs.cu: Integer's division on the device replayed from CUDA graphs. Queued as AsyncIntegers, a
// division is some hundreds of kernels, allocations and frees (394 graph nodes at 10^6 digits), and up to about
// 10^6 digits the host's time to queue them exceeds the device's time to run them (1.2 against 0.75 ms at 10^6 on an
// H200): the division waited for its own launches. AsyncInteger's divmod_floor of divisors made from Integers depends on the operands' limb counts alone
// (every width is a bound, every choice made on the device), so a graph captured once for a pair of counts divides
// any operands of those counts: the operands are copied into the graph's inputs, the graph is launched (one call),
// and the results are copied out of its outputs. A pair is captured at its second sight, so that a division done
// once costs no capture. Compiled as C++ without CUDA, where nothing divides from graphs.
#include "division_graphs.hpp"

#include "async_status.hpp"
#include "engine.hpp"
#include "integer_access.hpp"

#include <warpnum/async_integer.hpp>
#include <warpnum/detail/raise.hpp>
#include <warpnum/integer.hpp>

#if WARPNUM_HAS_CUDA
#  include <cuda_runtime.h>
#endif

#include <algorithm>
#include <cstddef>
#include <list>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <utility>

namespace warpnum::huge {

#if WARPNUM_HAS_CUDA

namespace {

/// A pair of limb counts on a device: seen once, captured, or failed (never tried again).
struct Entry {
  int device = 0;
  std::size_t na = 0, nb = 0;
  enum class State { seen, captured, failed } state = State::seen;
  stream_handle stream = nullptr;  // the capture's stream
  AsyncInteger a_in, b_in;         // the graph's inputs, written before each launch
  // Quotient (up to na - nb + 1 limbs), remainder (nb), then what the host reads in one copy: two status limbs and
  // the results' two top limbs each (their lengths, without a read of their own).
  limb_t* out = nullptr;
  std::size_t nq = 0, nr = 0;      // the results' bounds, as the capture queued them
  cudaGraphExec_t exec = nullptr;

  Entry(int d, std::size_t a, std::size_t b) : device(d), na(a), nb(b) {}
  Entry(const Entry&) = delete;
  Entry& operator=(const Entry&) = delete;
  ~Entry() { release(); }

  std::size_t quot_most() const noexcept { return na - nb + 1; }
  limb_t* summary() const noexcept { return out + quot_most() + nb; }
  static constexpr std::size_t summary_limbs = 6;  // status of q, of r; q's limbs nq - 2, nq - 1; r's likewise

  /// Frees what a capture made, after the legacy stream's work that reads it.
  void release() noexcept {
    if (exec != nullptr) (void)cudaGraphExecDestroy(exec);
    exec = nullptr;
    if (stream != nullptr || out != nullptr) (void)cudaStreamSynchronize(nullptr);
    a_in = AsyncInteger();
    b_in = AsyncInteger();
    if (out != nullptr) (void)cudaFree(out);
    out = nullptr;
    if (stream != nullptr) destroy_stream(stream);
    stream = nullptr;
  }
};

/// The pairs seen, the most recently used first; at most division_graphs_kept captured, and a bounded list of the
/// others. Never destroyed: graphs and streams outlive static destruction's order (the driver may be gone by then).
struct Cache {
  std::mutex mutex;
  std::list<Entry> entries;
};
Cache& cache() {
  static Cache* c = new Cache;  // NOLINT(cppcoreguidelines-owning-memory): kept to the end of the process
  return *c;
}
constexpr std::size_t seen_kept = 64;

/// Keeps the division_graphs_kept most recent captured entries and seen_kept others (entries: most recent first).
void trim(std::list<Entry>& entries) {
  std::size_t captured = 0, others = 0;
  bool released = false;
  for (auto it = entries.begin(); it != entries.end();) {
    const bool is_captured = it->state == Entry::State::captured;
    if (is_captured ? ++captured > division_graphs_kept : ++others > seen_kept) {
      released = released || is_captured;
      it = entries.erase(it);
    } else {
      ++it;
    }
  }
  if (released) {
    int device = 0;
    if (cudaGetDevice(&device) == cudaSuccess) (void)cudaDeviceGraphMemTrim(device);
  }
}

/// Captures the division of e.a_in by e.b_in (copies of a and b) into e.exec: AsyncInteger's divmod_floor, its
/// quotient, remainder and statuses copied into e.out, everything it allocates freed inside the graph (so that it
/// can run again). Throws where a CUDA call fails; the capture is ended first.
void capture(Entry& e, const Integer& a, const Integer& b) {
  e.stream = create_stream();
  e.a_in = AsyncInteger(Integer(a), e.stream);  // made from Integers: taken at their lengths
  e.b_in = AsyncInteger(Integer(b), e.stream);
  cuda_check(cudaMalloc(&e.out, (e.quot_most() + e.nb + Entry::summary_limbs) * sizeof(limb_t)), "cudaMalloc");
  const Queue q = Queue::on(e.stream);
  cuda_check(cudaStreamBeginCapture(e.stream, cudaStreamCaptureModeThreadLocal), "cudaStreamBeginCapture");
  cudaGraph_t graph = nullptr;
  try {
    {
      const AsyncIntegerDivResult d = divmod_floor(e.a_in, e.b_in);
      e.nq = d.quot.limb_bound();
      e.nr = d.rem.limb_bound();
      if (e.nq > e.quot_most() || e.nr > e.nb) {
        warpnum::detail::throw_error<std::logic_error>("warpnum: division graph: a result's bound past its room");
      }
      copy(e.out, Place::device, d.quot.data(), Place::device, e.nq, q);
      copy(e.out + e.quot_most(), Place::device, d.rem.data(), Place::device, e.nr, q);
      limb_t* const summary = e.summary();
      fill_zero(summary, Entry::summary_limbs, Place::device, q);
      const std::shared_ptr<limb_t> statuses[2] = {status_limb(d.quot), status_limb(d.rem)};
      for (int k = 0; k < 2; ++k) {
        if (statuses[k] != nullptr) copy(summary + k, Place::device, statuses[k].get(), Place::device, 1, q);
      }
      const std::size_t tq = std::min<std::size_t>(e.nq, 2), tr = std::min<std::size_t>(e.nr, 2);
      copy(summary + 4 - tq, Place::device, d.quot.data() + (e.nq - tq), Place::device, tq, q);
      copy(summary + 6 - tr, Place::device, d.rem.data() + (e.nr - tr), Place::device, tr, q);
    }  // the results and statuses are freed in the graph
    cuda_check(cudaStreamEndCapture(e.stream, &graph), "cudaStreamEndCapture");
  } catch (...) {
    if (graph == nullptr && cudaStreamEndCapture(e.stream, &graph) == cudaSuccess && graph != nullptr) {
      (void)cudaGraphDestroy(graph);
    }
    (void)cudaGetLastError();
    throw;
  }
  const cudaError_t made = cudaGraphInstantiate(&e.exec, graph, 0);
  (void)cudaGraphDestroy(graph);
  cuda_check(made, "cudaGraphInstantiate");
}

/// Copies a and b into e's inputs, runs e's graph and copies its outputs into new Integers, all on the legacy
/// stream (where Integer's work is ordered); one wait, for the statuses (which no division of Integers can set) and
/// the results' top limbs.
DivResult<Integer> replay(const Entry& e, const Integer& a, const Integer& b) {
  const Queue legacy = Queue::on(nullptr);
  copy(const_cast<limb_t*>(e.a_in.data()), Place::device, a.data(), Place::device, e.na, legacy);
  copy(const_cast<limb_t*>(e.b_in.data()), Place::device, b.data(), Place::device, e.nb, legacy);
  cuda_check(cudaGraphLaunch(e.exec, nullptr), "cudaGraphLaunch");
  Integer quot = IntegerAccess::with_capacity(e.nq, Place::device);
  Integer rem = IntegerAccess::with_capacity(e.nr, Place::device);
  copy(IntegerAccess::data(quot), Place::device, e.out, Place::device, e.nq, legacy);
  copy(IntegerAccess::data(rem), Place::device, e.out + e.quot_most(), Place::device, e.nr, legacy);
  limb_t summary[Entry::summary_limbs] = {};
  copy(summary, Place::host, e.summary(), Place::device, Entry::summary_limbs);  // waits
  if ((summary[0] | summary[1]) != 0) {
    warpnum::detail::throw_error<std::logic_error>(
        "warpnum: Integer division: the division graph's status was set (a fault of the division, not of its "
        "operands)");
  }
  IntegerAccess::finish(quot, e.nq, summary[3], summary[2], false);
  IntegerAccess::finish(rem, e.nr, summary[5], summary[4], false);
  return {std::move(quot), std::move(rem)};
}

}  // namespace

bool divide_by_graph(const Integer& a, const Integer& b, DivResult<Integer>& out) {
  if (!division_graphs_enabled.load(std::memory_order_relaxed) || a.place() != Place::device ||
      b.place() != Place::device || b.is_zero() || a.size() < b.size() || a.size() > division_graph_most_limbs) {
    return false;
  }
  int device = 0;
  if (cudaGetDevice(&device) != cudaSuccess) return false;
  Cache& c = cache();
  const std::lock_guard<std::mutex> lock(c.mutex);
  auto it = c.entries.begin();
  while (it != c.entries.end() && !(it->device == device && it->na == a.size() && it->nb == b.size())) ++it;
  if (it == c.entries.end()) {  // first sight
    c.entries.emplace_front(device, a.size(), b.size());
    trim(c.entries);
    return false;
  }
  c.entries.splice(c.entries.begin(), c.entries, it);  // most recent first
  Entry& e = c.entries.front();
  if (e.state == Entry::State::failed) return false;
  try {
    if (e.state == Entry::State::seen) {
      capture(e, a, b);
      e.state = Entry::State::captured;
      trim(c.entries);
    }
    out = replay(e, a, b);
  } catch (const std::logic_error&) {
    throw;  // a fault of the division itself: reported, not hidden
  } catch (...) {
    // Out of memory for the graph, or a CUDA call refused: this pair divides as before from now on.
    (void)cudaGetLastError();
    e.release();
    e.state = Entry::State::failed;
    return false;
  }
  division_graph_replays.fetch_add(1, std::memory_order_relaxed);
  return true;
}

#else

bool divide_by_graph(const Integer&, const Integer&, DivResult<Integer>&) { return false; }

#endif

}  // namespace warpnum::huge
