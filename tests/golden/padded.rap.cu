// Already padded by hand: conflict-free, must come out byte-identical.
#define TILE 32
extern "C" __global__ void transpose_padded(float *out, const float *in, int n) {
  #pragma rapcc block_dim(32, 8)
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x; y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += 8) out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}
