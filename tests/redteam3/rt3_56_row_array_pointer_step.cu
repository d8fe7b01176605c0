// A pointer to rows (int (*r)[32]) stepped by ++ through the tile, then
// (*r)[tx] and r[1][tx]: row arithmetic on the pointer's own type.
// launch: rt3_56_row_array_pointer_step 2 32x8
__global__ void rt3_56_row_array_pointer_step(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    int (*r)[32] = tile;
    int acc = 0;
    for (int k = 0; k < ty; ++k) ++r;
    acc = (*r)[tx] + 3 * r[1][tx] + 5 * (*r)[tx + 32];
    out[blockIdx.x * 256 + tid] = acc + tile[tx % 16][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_56_row_array_pointer_step<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
