/* rapcc stand-in for <mma.h> (declarations only): the nvcuda::wmma fragment
 * API (load/store/mma/fill), enough to type-check WMMA kernels that stage
 * tiles in shared memory. */
#ifndef RAPCC_MMA_H
#define RAPCC_MMA_H
#include "rapcc_cuda_shim.h"
#include <cuda_fp16.h>
namespace nvcuda {
namespace wmma {
struct matrix_a {};
struct matrix_b {};
struct accumulator {};
struct row_major {};
struct col_major {};
enum layout_t { mem_row_major, mem_col_major };
namespace precision { struct tf32 {}; struct u4 {}; struct s4 {}; struct b1 {}; }
namespace experimental { namespace precision { struct u4 {}; struct s4 {}; struct b1 {}; } }
template <class T> struct _RapccStorage { typedef T type; };
template <> struct _RapccStorage<precision::tf32> { typedef float type; };
template <class Use, int M, int N, int K, class T, class Layout = void> class fragment {
public:
  typedef typename _RapccStorage<T>::type element_type;
  enum { num_elements = 8 };
  element_type x[num_elements];
};
template <class Use, int M, int N, int K, class T, class L, class P>
__device__ void load_matrix_sync(fragment<Use, M, N, K, T, L> &, const P *, unsigned int) {}
template <int M, int N, int K, class T, class P>
__device__ void load_matrix_sync(fragment<accumulator, M, N, K, T> &, const P *, unsigned int, layout_t) {}
template <int M, int N, int K, class T, class P>
__device__ void store_matrix_sync(P *, const fragment<accumulator, M, N, K, T> &, unsigned int, layout_t) {}
template <class Use, int M, int N, int K, class T, class L, class V>
__device__ void fill_fragment(fragment<Use, M, N, K, T, L> &, const V &) {}
template <int M, int N, int K, class TA, class LA, class TB, class LB, class TC, class TD>
__device__ void mma_sync(fragment<accumulator, M, N, K, TD> &, const fragment<matrix_a, M, N, K, TA, LA> &,
                         const fragment<matrix_b, M, N, K, TB, LB> &, const fragment<accumulator, M, N, K, TC> &) {}
template <int M, int N, int K, class TA, class LA, class TB, class LB, class TC, class TD>
__device__ void mma_sync(fragment<accumulator, M, N, K, TD> &, const fragment<matrix_a, M, N, K, TA, LA> &,
                         const fragment<matrix_b, M, N, K, TB, LB> &, const fragment<accumulator, M, N, K, TC> &, bool) {}
__device__ float __float_to_tf32(float);
}
}
#endif
