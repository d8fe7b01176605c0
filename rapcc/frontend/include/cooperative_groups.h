/* rapcc stand-in for <cooperative_groups.h> (declarations only): thread
 * blocks, grids, tiles and coalesced groups with their sync / rank / shuffle
 * members. Function templates that may be given a lambda have bodies that
 * never run (clang rejects a used-but-undefined template otherwise). */
#ifndef RAPCC_COOPERATIVE_GROUPS_H
#define RAPCC_COOPERATIVE_GROUPS_H
/* The toolkit's own guards: a toolkit header that includes this one by a
 * quoted name (cuda_fp8.h's "cuda_fp16.h") finds it already defined. */
#define _COOPERATIVE_GROUPS_H_
#include "rapcc_cuda_shim.h"
namespace cooperative_groups {
class thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ bool is_valid() const;
  __device__ unsigned int get_type() const;
};
class thread_block : public thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned int size() const;
  __device__ unsigned int num_threads() const;
  __device__ unsigned int thread_rank() const;
  __device__ dim3 group_index() const;
  __device__ dim3 thread_index() const;
  __device__ dim3 group_dim() const;
  __device__ dim3 dim_threads() const;
  __device__ unsigned int barrier_arrive() const;
  __device__ void barrier_wait(unsigned int) const;
};
__device__ thread_block this_thread_block();
/* Scratch for tiles larger than a warp (CUDA 11.1+), passed to this_thread_block. */
template <unsigned int MaxBlockSize = 1024, unsigned int TileCommunicationSize = 8, unsigned int MaxWarps = 32>
struct block_tile_memory { unsigned char storage[TileCommunicationSize * MaxWarps]; };
template <unsigned int N, unsigned int C, unsigned int W>
__device__ thread_block this_thread_block(block_tile_memory<N, C, W> &);
class grid_group : public thread_group {
public:
  __device__ void sync() const;
  __device__ bool is_valid() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ unsigned long long num_blocks() const;
  __device__ unsigned long long block_rank() const;
  __device__ dim3 group_dim() const;
  __device__ dim3 dim_blocks() const;
  __device__ dim3 block_index() const;
};
__device__ grid_group this_grid();
class multi_grid_group {
public:
  __device__ void sync() const;
  __device__ unsigned int grid_rank() const;
  __device__ unsigned int num_grids() const;
  __device__ unsigned long long thread_rank() const;
};
__device__ multi_grid_group this_multi_grid();
class coalesced_group : public thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned int size() const;
  __device__ unsigned int num_threads() const;
  __device__ unsigned int thread_rank() const;
  __device__ unsigned int meta_group_rank() const;
  __device__ unsigned int meta_group_size() const;
  template <class T> __device__ T shfl(T v, int src) const { __builtin_unreachable(); }
  template <class T> __device__ T shfl_down(T v, unsigned int d) const { __builtin_unreachable(); }
  template <class T> __device__ T shfl_up(T v, unsigned int d) const { __builtin_unreachable(); }
  __device__ int any(int) const;
  __device__ int all(int) const;
  __device__ unsigned int ballot(int) const;
  template <class T> __device__ unsigned int match_any(T) const { __builtin_unreachable(); }
  template <class T> __device__ unsigned int match_all(T, int &) const { __builtin_unreachable(); }
};
__device__ coalesced_group coalesced_threads();
template <unsigned int Size, typename ParentT = void> class thread_block_tile : public thread_group {
public:
  static constexpr unsigned int numThreads = Size;
  thread_block_tile() = default;
  template <typename P> __device__ thread_block_tile(const thread_block_tile<Size, P> &) {}
  __device__ void sync() const;
  __host__ __device__ static constexpr unsigned int size() { return Size; }
  __host__ __device__ static constexpr unsigned int num_threads() { return Size; }
  __device__ unsigned int thread_rank() const;
  __device__ unsigned int meta_group_rank() const;
  __device__ unsigned int meta_group_size() const;
  __device__ dim3 group_dim() const;
  template <class T> __device__ T shfl(T v, int src) const { __builtin_unreachable(); }
  template <class T> __device__ T shfl(T v, unsigned int src) const { __builtin_unreachable(); }
  template <class T> __device__ T shfl_down(T v, unsigned int d) const { __builtin_unreachable(); }
  template <class T> __device__ T shfl_up(T v, unsigned int d) const { __builtin_unreachable(); }
  template <class T> __device__ T shfl_xor(T v, unsigned int m) const { __builtin_unreachable(); }
  __device__ int any(int) const;
  __device__ int all(int) const;
  __device__ unsigned int ballot(int) const;
  template <class T> __device__ unsigned int match_any(T) const { __builtin_unreachable(); }
  template <class T> __device__ unsigned int match_all(T, int &) const { __builtin_unreachable(); }
};
template <unsigned int Size, typename ParentT> __device__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &) { __builtin_unreachable(); }
__device__ thread_group tiled_partition(const thread_group &, unsigned int);
__device__ thread_group tiled_partition(const thread_block &, unsigned int);
template <class Group> __device__ void sync(const Group &g) { g.sync(); }
template <class Group> __device__ unsigned long long thread_rank(const Group &g) { return g.thread_rank(); }
template <class Group> __device__ unsigned long long group_size(const Group &g) { return g.size(); }
template <class Group> __device__ coalesced_group binary_partition(const Group &, bool) { __builtin_unreachable(); }
template <class Group> __device__ coalesced_group labeled_partition(const Group &, int) { __builtin_unreachable(); }
namespace experimental {}
}
#endif
