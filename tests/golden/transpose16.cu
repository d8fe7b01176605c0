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
    tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  int index_out = x + y * height;
  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)
    odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i];
}
// Launched without dynamic shared memory: padding may grow the kernel's static arrays.
void launch(float *out, const float *in) { transpose<<<dim3(4, 4), dim3(16, 16)>>>(out, in, 64, 64); }
