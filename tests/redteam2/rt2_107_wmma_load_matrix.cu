// wmma::load_matrix_sync(frag, &a[0][0], 16) reads the tile with its own
// leading dimension: a layout change under it changes the product. A
// second tile, transposed by plain reads, is beside it. (The host has a
// stand-in of the wmma calls with their meaning; inputs are small integers,
// so the GPU's summation order gives the same floats.)
// launch: rt2_107_wmma_load_matrix 2 32x1
// expect: rewritten
#ifdef __CUDACC__
#include <mma.h>
#include <cuda_fp16.h>
#else
namespace nvcuda { namespace wmma {
struct matrix_a {}; struct matrix_b {}; struct accumulator {}; struct row_major {};
enum layout_t { mem_row_major, mem_col_major };
template <class Use, int M, int N, int K, class T, class L = void> struct fragment { float x[M * N]; };
template <class U, int M, int N, int K, class L>
void load_matrix_sync(fragment<U, M, N, K, __half, L> &f, const __half *p, unsigned ldm) {
    for (int r = 0; r < M; ++r) for (int c = 0; c < N; ++c) f.x[r * N + c] = __half2float(p[r * ldm + c]);
}
template <int M, int N, int K>
void fill_fragment(fragment<accumulator, M, N, K, float> &f, float v) { for (float &e : f.x) e = v; }
template <int M, int N, int K, class LA, class LB>
void mma_sync(fragment<accumulator, M, N, K, float> &d, const fragment<matrix_a, M, N, K, __half, LA> &a,
              const fragment<matrix_b, M, N, K, __half, LB> &b, const fragment<accumulator, M, N, K, float> &c) {
    fragment<accumulator, M, N, K, float> r;
    for (int i = 0; i < M; ++i) for (int j = 0; j < N; ++j) {
        float s = c.x[i * N + j];
        for (int k = 0; k < K; ++k) s += a.x[i * K + k] * b.x[k * N + j];
        r.x[i * N + j] = s;
    }
    d = r;
}
template <int M, int N, int K>
void store_matrix_sync(float *p, const fragment<accumulator, M, N, K, float> &f, unsigned ldm, layout_t) {
    if ((threadIdx.x & 31) == 0) for (int r = 0; r < M; ++r) for (int c = 0; c < N; ++c) p[r * ldm + c] = f.x[r * N + c];
}
} }
#endif
using namespace nvcuda;
__global__ void rt2_107_wmma_load_matrix(const int *in, int *out, int p) {
    __shared__ __half a[16][16], b[16][16];
    __shared__ float c[16][16];
    __shared__ float t[32][32];
    const int tx = threadIdx.x;
    for (int i = tx; i < 256; i += 32) {
        a[i / 16][i % 16] = __float2half((float)(in[blockIdx.x * 512 + i] & 15));
        b[i % 16][i / 16] = __float2half((float)(in[blockIdx.x * 512 + 256 + i] & 15));
    }
    for (int j = 0; j < 32; ++j) t[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::fill_fragment(fc, 0.0f);
    wmma::load_matrix_sync(fa, &a[0][0], 16);
    wmma::load_matrix_sync(fb, &b[0][0], 16);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(&c[0][0], fc, 16, wmma::mem_row_major);
    __syncthreads();
    for (int j = 0; j < 8; ++j) {
        const int i = j * 32 + tx;
        out[blockIdx.x * 256 + i] = __float_as_int(c[i / 16][i % 16] + t[tx][j]);
    }
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_107_wmma_load_matrix<<<2, 32>>>(in, out, 0); }
#endif
