// A grid-stride loop over tiles (more tiles than blocks): each block
// transposes tiles blockIdx.x, blockIdx.x + gridDim.x, ... through one
// shared tile, in range.
// launch: rt3_41_grid_stride_tiles_legal 2 32x8
// expect: rewritten
static __global__ void rt3_41_grid_stride_tiles_legal(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int t = blockIdx.x; t < 4; t += gridDim.x) {
        for (int j = ty; j < 32; j += blockDim.y) tile[j][tx] = in[t * 1024 + j * 32 + tx] & 4095;
        __syncthreads();
        for (int j = ty; j < 32; j += blockDim.y) out[t * 1024 + j * 32 + tx] = tile[tx][j] + t;
        __syncthreads();
    }
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_41_grid_stride_tiles_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
