/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'tile' in 'transpose': bvxor (bvxor k1=0 k2=4 mask=14 on 8 bits (seed 004 §4.2, §5.1))
 * Reproduce: rapcc tests/golden/transpose16.cu --strategy auto --seed 1 -o OUTPUT
 */

__device__ __forceinline__ unsigned int __rapcc_tile_35c41f42_map(unsigned int i0, unsigned int i1) { return (i1 ^ (i0 & 14u)); }
template <typename __rapcc_T>
__device__ __forceinline__ __rapcc_T &__rapcc_tile_35c41f42_at(__rapcc_T (&__rapcc_a)[16][16], unsigned int i0, unsigned int i1) { return __rapcc_a[i0][__rapcc_tile_35c41f42_map(i0, i1)]; }
#line 1 "tests/golden/transpose16.cu"
// Seed 004 §3.2.1-3.2.2: the SDK transpose with TILE_DIM 16, 16x16 threads.
#define TILE_DIM 16
#define BLOCK_ROWS 16
extern "C" __global__ void transpose(float *odata, const float *idata, int width, int height) {
  #pragma rapcc block_dim(16, 16)
  __shared__ float tile[TILE_DIM][TILE_DIM];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int index_in = x + y * width;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    __rapcc_tile_35c41f42_at(tile, threadIdx.y + i, threadIdx.x) = idata[index_in + i * width];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  int index_out = x + y * height;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    odata[index_out + i * height] = __rapcc_tile_35c41f42_at(tile, threadIdx.x, threadIdx.y + i);
}
// Launched without dynamic shared memory: padding may grow the kernel's static arrays.
void launch(float *out, const float *in) { transpose<<<dim3(4, 4), dim3(16, 16)>>>(out, in, 64, 64); }
/* rapcc: the layouts above were proved for these macro values; another build's -D values need another run */
#if (defined(BLOCK_ROWS) && (BLOCK_ROWS) != 16) || (defined(TILE_DIM) && (TILE_DIM) != 16)
#error "rapcc: rewritten for BLOCK_ROWS=16, TILE_DIM=16; rerun rapcc with this build's -D flags"
#endif
