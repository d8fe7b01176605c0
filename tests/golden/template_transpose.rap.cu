/* rapcc 0.1.0: shared-memory layouts rewritten to remove bank conflicts.
 *   'tile' in 'transpose_t': pad (pad row 32 -> 33)
 * Reproduce: rapcc tests/golden/template_transpose.cu --strategy auto --seed 1 --whole-program -o OUTPUT
 */

#line 1 "tests/golden/template_transpose.cu"
// A template-sized tile: padded over the instantiations the file launches (TILE=32).
template <int TILE>
__global__ void transpose_t(float *out, const float *in, int n) {
  #pragma rapcc block_dim(32, 8)
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x; y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8) out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}
void launch(float *o, const float *i, int n) {
  transpose_t<32><<<dim3(n / 32, n / 32), dim3(32, 8)>>>(o, i, n);
}
