// A CUDA block on the CPU, for the host fuzzer (tests/fuzz/hostcheck.py): the
// generated kernels and rapcc's rewrites compile unchanged as C++20 with g++,
// and run with one std::thread per CUDA thread. The point is a check that
// does not share rapcc's model: g++ decides what the C++ means.
//
// What it models, and why that is enough for the generated kernels:
// - `__shared__` is `static` storage: one object per kernel (per template
//   instance) that every thread of the running block sees. Blocks run one
//   after another, so the objects serve each block in turn; the kernels write
//   every element they read before the first `__syncthreads()`.
// - `__syncthreads()` is a std::barrier over the block's threads; a thread
//   that returns drops out of it (arrive_and_drop), as an exited CUDA thread
//   no longer holds a barrier back.
// - threadIdx/blockIdx/blockDim/gridDim are thread_local.
// - min/max have CUDA's overloads (crt/math_functions.hpp): a mixed
//   int/unsigned pair resolves to the unsigned one, so `max(tx - 1, 0u)` is
//   4294967295 for tx == 0, exactly as on the GPU.
// - Warp-synchronous code is NOT modelled (no lock-step, no __syncwarp, no
//   shuffles): the generator never emits it.
#pragma once
#include <atomic>
#include <barrier>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <thread>
#include <vector>
// what a kernel file may include (tests/redteam2/), here once: the file sits in a namespace
#include <algorithm>
#include <array>
#include <map>
#include <new>
#include <stddef.h>
#include <stdint.h>
#include <type_traits>
#include <utility>

#define __global__
#define __device__
#define __host__
#define __shared__ static
#define __constant__ static
#define __forceinline__ inline
#define __noinline__
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...)
// a kernel parameter's attribute (CUDA 11.7): the host passes it by value as C++ does
#define __grid_constant__
// clang's and nvcc's optimizer hint, which g++ lacks: a true assumption changes no result
#define __builtin_assume(cond) ((void)0)

struct uint3 { unsigned int x, y, z; };
struct dim3 {
    unsigned int x, y, z;
    constexpr dim3(unsigned int a = 1, unsigned int b = 1, unsigned int c = 1) : x(a), y(b), z(c) {}
};

inline thread_local uint3 threadIdx;
inline thread_local uint3 blockIdx;
inline thread_local dim3 blockDim;
inline thread_local dim3 gridDim;
inline std::barrier<>* fz_block_barrier = nullptr;

inline void __syncthreads() { fz_block_barrier->arrive_and_wait(); }

// CUDA's integer min/max overloads: signed pairs stay signed, any unsigned
// operand makes the comparison unsigned.
inline int min(int a, int b) { return a < b ? a : b; }
inline int max(int a, int b) { return a > b ? a : b; }
inline unsigned int min(unsigned int a, unsigned int b) { return a < b ? a : b; }
inline unsigned int max(unsigned int a, unsigned int b) { return a > b ? a : b; }
inline unsigned int min(int a, unsigned int b) { return min((unsigned int)a, b); }
inline unsigned int max(int a, unsigned int b) { return max((unsigned int)a, b); }
inline unsigned int min(unsigned int a, int b) { return min(a, (unsigned int)b); }
inline unsigned int max(unsigned int a, int b) { return max(a, (unsigned int)b); }
inline long long min(long long a, long long b) { return a < b ? a : b; }
inline long long max(long long a, long long b) { return a > b ? a : b; }
inline float min(float a, float b) { return a < b ? a : b; }
inline float max(float a, float b) { return a > b ? a : b; }

inline int __float_as_int(float f) { int i; std::memcpy(&i, &f, 4); return i; }
inline float __int_as_float(int i) { float f; std::memcpy(&f, &i, 4); return f; }

template <typename T>
inline T atomicAdd(T* p, T v) { return std::atomic_ref<T>(*p).fetch_add(v); }

// The host meaning of a `ld.shared` through an array's PTX name plus a byte
// offset: the bytes at that offset of the array's storage, whatever its layout.
template <typename T, typename A>
inline T fz_raw_load(const A& array, unsigned int byte_offset) {
    T v;
    std::memcpy(&v, reinterpret_cast<const unsigned char*>(&array) + byte_offset, sizeof(T));
    return v;
}

// Run `kernel` over `grid` blocks of `block` threads, one block at a time.
inline void fz_launch(dim3 grid, dim3 block, const std::function<void()>& kernel) {
    const unsigned int n = block.x * block.y * block.z;
    for (unsigned int b = 0; b < grid.x * grid.y * grid.z; ++b) {
        std::barrier<> bar((std::ptrdiff_t)n);
        fz_block_barrier = &bar;
        std::vector<std::thread> threads;
        threads.reserve(n);
        for (unsigned int t = 0; t < n; ++t) {
            threads.emplace_back([&, t, b] {
                threadIdx = uint3{t % block.x, (t / block.x) % block.y, t / (block.x * block.y)};
                blockIdx = uint3{b % grid.x, (b / grid.x) % grid.y, b / (grid.x * grid.y)};
                blockDim = block;
                gridDim = grid;
                kernel();
                bar.arrive_and_drop();
            });
        }
        for (auto& th : threads) th.join();
        fz_block_barrier = nullptr;
    }
}

// CUDA's vector types and the integer intrinsics the red-team kernels
// (tests/redteam/) use, with the GPU's sizes, alignments and results.
struct __align__(8) int2 { int x, y; };
struct __align__(16) int4 { int x, y, z, w; };
struct __align__(8) float2 { float x, y; };
struct __align__(16) float4 { float x, y, z, w; };
struct __align__(16) double2 { double x, y; };
inline int2 make_int2(int x, int y) { return int2{x, y}; }
inline int4 make_int4(int x, int y, int z, int w) { return int4{x, y, z, w}; }
inline float2 make_float2(float x, float y) { return float2{x, y}; }
inline float4 make_float4(float x, float y, float z, float w) { return float4{x, y, z, w}; }
inline int __mul24(int a, int b) { return (int)((long long)((a << 8) >> 8) * ((b << 8) >> 8)); }
inline unsigned int __umul24(unsigned int a, unsigned int b) { return (a & 0xFFFFFFu) * (b & 0xFFFFFFu); }
inline int __popc(unsigned int x) { return __builtin_popcount(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned int)x); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline unsigned int __brev(unsigned int x) {
    unsigned int r = 0;
    for (int i = 0; i < 32; ++i) r |= ((x >> i) & 1u) << (31 - i);
    return r;
}
template <typename T>
inline T __ldg(const T* p) { return *p; }
template <typename T>
inline T __ldcs(const T* p) { return *p; }
template <typename T>
inline T atomicMax(T* p, T v) {
    std::atomic_ref<T> a(*p);
    T old = a.load();
    while (old < v && !a.compare_exchange_weak(old, v)) {}
    return old;
}
inline long long clock64() { return 0; }

// Round two of the red team (tests/redteam2/): 2-byte float types, more
// integer intrinsics, warp-level exchanges and a sliver of cooperative groups.
// `__half`/`__nv_bfloat16` hold the GPU's bits (binary16; a float's high
// half), converted round-to-nearest-even as __float2half/__float2bfloat16 do.
struct __align__(2) __half { unsigned short x; };
struct __align__(4) __half2 { __half x, y; };
struct __align__(2) __nv_bfloat16 { unsigned short x; };
typedef __half half;
typedef __half2 half2;
inline __half __float2half(float f) { _Float16 h = (_Float16)f; __half r; std::memcpy(&r.x, &h, 2); return r; }
inline float __half2float(__half h) { _Float16 v; std::memcpy(&v, &h.x, 2); return (float)v; }
inline __half2 __floats2half2_rn(float a, float b) { return __half2{__float2half(a), __float2half(b)}; }
inline float __low2float(__half2 h) { return __half2float(h.x); }
inline float __high2float(__half2 h) { return __half2float(h.y); }
inline __nv_bfloat16 __float2bfloat16(float f) {
    unsigned int u; std::memcpy(&u, &f, 4);
    u += 0x7FFFu + ((u >> 16) & 1u);
    return __nv_bfloat16{(unsigned short)(u >> 16)};
}
inline float __bfloat162float(__nv_bfloat16 b) { unsigned int u = (unsigned int)b.x << 16; float f; std::memcpy(&f, &u, 4); return f; }

inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
    const unsigned long long v = ((unsigned long long)y << 32) | x;
    unsigned int r = 0;
    for (int i = 0; i < 4; ++i) r |= (unsigned int)((v >> (8 * ((s >> (4 * i)) & 7u))) & 0xFFu) << (8 * i);
    return r;
}
inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int s) {
    return (unsigned int)(((((unsigned long long)hi << 32) | lo) << (s & 31u)) >> 32);
}
inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int s) {
    return (unsigned int)((((unsigned long long)hi << 32) | lo) >> (s & 31u));
}
inline unsigned int __sad(int x, int y, unsigned int z) { return (x > y ? (unsigned int)(x - y) : (unsigned int)(y - x)) + z; }
inline unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) { return (x > y ? x - y : y - x) + z; }
inline unsigned int __vabsdiffu4(unsigned int a, unsigned int b) {
    unsigned int r = 0;
    for (int i = 0; i < 32; i += 8) {
        const unsigned int x = (a >> i) & 0xFFu, y = (b >> i) & 0xFFu;
        r |= (x > y ? x - y : y - x) << i;
    }
    return r;
}
inline unsigned int __umulhi(unsigned int a, unsigned int b) { return (unsigned int)(((unsigned long long)a * b) >> 32); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline void __threadfence_block() {}
inline const int warpSize = 32;

// Warp exchanges through the block barrier: exact when the whole block calls
// them together with full warps (blockDim a multiple of 32), which is how the
// red-team kernels call them; lock-step itself is not modelled.
inline unsigned long long fz_xchg[1024];
inline unsigned int fz_tid() { return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); }
template <typename T>
inline T fz_exchange(T v, unsigned int from) {
    const unsigned int t = fz_tid();
    std::memcpy(&fz_xchg[t], &v, sizeof(T));
    __syncthreads();
    T r;
    std::memcpy(&r, &fz_xchg[from], sizeof(T));
    __syncthreads();
    return r;
}
template <typename T>
inline T __shfl_sync(unsigned int, T v, int src, int width = 32) {
    const unsigned int t = fz_tid(), lane = t & 31u;
    return fz_exchange(v, t - lane + (lane & ~(unsigned int)(width - 1)) + ((unsigned int)src & (unsigned int)(width - 1)));
}
template <typename T>
inline T __shfl_xor_sync(unsigned int, T v, int mask, int width = 32) {
    const unsigned int t = fz_tid(), lane = t & 31u, src = lane ^ (unsigned int)mask;
    const bool later = (src & ~(unsigned int)(width - 1)) > (lane & ~(unsigned int)(width - 1));
    return fz_exchange(v, later ? t : t - lane + src);
}
template <typename T>
inline T __shfl_down_sync(unsigned int, T v, unsigned int d, int width = 32) {
    const unsigned int t = fz_tid(), lane = t & 31u, seg = lane & ~(unsigned int)(width - 1);
    return fz_exchange(v, lane + d < seg + (unsigned int)width ? t + d : t);
}
template <typename T>
inline T __shfl_up_sync(unsigned int, T v, unsigned int d, int width = 32) {
    const unsigned int t = fz_tid(), lane = t & 31u, seg = lane & ~(unsigned int)(width - 1);
    return fz_exchange(v, lane >= seg + d ? t - d : t);
}
inline unsigned int __ballot_sync(unsigned int, int pred) {
    const unsigned int t = fz_tid();
    fz_xchg[t] = pred != 0;
    __syncthreads();
    unsigned int r = 0;
    for (unsigned int i = 0; i < 32; ++i) r |= (unsigned int)fz_xchg[(t & ~31u) + i] << i;
    __syncthreads();
    return r;
}
inline unsigned int __activemask() { return 0xFFFFFFFFu; }
inline void __syncwarp(unsigned int = 0xFFFFFFFFu) { __syncthreads(); }

namespace cooperative_groups {
struct thread_block {
    void sync() const { __syncthreads(); }
    unsigned int thread_rank() const { return fz_tid(); }
    unsigned int size() const { return blockDim.x * blockDim.y * blockDim.z; }
    dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
    dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
};
inline thread_block this_thread_block() { return {}; }
// A tile's meta-group rank and size count tiles within the group it was
// partitioned from (the CUDA Programming Guide): a 16-thread tile of a warp
// has meta_group_size() 2, not the block's count of 16-thread tiles.
template <unsigned int N, typename ParentT = void>
struct thread_block_tile {
    unsigned int parent = 0;  // 0: partitioned from the thread block; else the parent tile's size
    thread_block_tile() = default;
    explicit thread_block_tile(unsigned int parent_size) : parent(parent_size) {}
    // the toolkit's one conversion: to the type-erased tile, which keeps its meta group
    template <typename P>
    thread_block_tile(const thread_block_tile<N, P>& t) requires std::is_void_v<ParentT> : parent(t.parent) {}
    unsigned int parent_rank() const { return parent ? fz_tid() % parent : fz_tid(); }
    unsigned int parent_size() const { return parent ? parent : blockDim.x * blockDim.y * blockDim.z; }
    unsigned int thread_rank() const { return fz_tid() % N; }
    unsigned int meta_group_rank() const { return parent_rank() / N; }
    unsigned int meta_group_size() const { return (parent_size() + N - 1) / N; }
    unsigned int size() const { return N; }
    void sync() const { __syncthreads(); }
    template <typename T> T shfl(T v, int src) const { return fz_exchange(v, fz_tid() - fz_tid() % N + (unsigned int)src % N); }
    template <typename T> T shfl_xor(T v, unsigned int m) const { return fz_exchange(v, fz_tid() - fz_tid() % N + ((fz_tid() % N) ^ m)); }
};
template <unsigned int N>
inline thread_block_tile<N, thread_block> tiled_partition(const thread_block&) { return {}; }
template <unsigned int N, unsigned int M, typename P>
inline thread_block_tile<N, thread_block_tile<M, P>> tiled_partition(const thread_block_tile<M, P>&) {
    return thread_block_tile<N, thread_block_tile<M, P>>(M);
}
inline void sync(const thread_block&) { __syncthreads(); }
}  // namespace cooperative_groups

// The async copies of <cuda_pipeline.h>, done at once.
inline void __pipeline_memcpy_async(void* dst, const void* src, size_t n, size_t = 0) { std::memcpy(dst, src, n); }
inline void __pipeline_commit() {}
inline void __pipeline_wait_prior(size_t) {}

// The size of the launch's dynamic shared memory, which a rewrite of an
// extern array reads (PTX %dynamic_smem_size, in rapcc's helper): the host
// program sets it before each launch, from the launch's smem bytes.
#define RAPCC_DYNAMIC_SMEM_BYTES_DEFINED
inline unsigned int fz_dynamic_smem = 0;
// The dynamic window every extern __shared__ array names (hostcheck.host_text
// makes each one a pointer to it): 64 KB, 16-byte aligned, as on the GPU.
alignas(16) inline unsigned char fz_dynamic_window[65536];
inline unsigned int __rapcc_dynamic_smem_bytes() { return fz_dynamic_smem; }

// __syncthreads_count/_or/_and: a barrier that also counts the block's predicates.
inline int __syncthreads_count(int pred) {
    const unsigned int t = fz_tid(), n = blockDim.x * blockDim.y * blockDim.z;
    fz_xchg[t] = pred != 0;
    __syncthreads();
    int c = 0;
    for (unsigned int i = 0; i < n; ++i) c += (int)fz_xchg[i];
    __syncthreads();
    return c;
}
inline int __syncthreads_or(int pred) { return __syncthreads_count(pred) != 0; }
inline int __syncthreads_and(int pred) { return __syncthreads_count(pred) == (int)(blockDim.x * blockDim.y * blockDim.z); }
inline int __float2int_rz(float f) { return (int)f; }
struct __align__(4) uchar4 { unsigned char x, y, z, w; };
inline uchar4 make_uchar4(unsigned char x, unsigned char y, unsigned char z, unsigned char w) { return uchar4{x, y, z, w}; }
