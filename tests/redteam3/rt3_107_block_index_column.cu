// An internal kernel on a grid of two blocks whose column moves with the
// block: tile[ty][tx + 16 * blockIdx.x] runs half a row on in block 1.
// launch: rt3_107_block_index_column 2 32x8
static __global__ void rt3_107_block_index_column(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = tile[tx % 16][ty] + 3 * tile[ty][tx + 16 * blockIdx.x];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_107_block_index_column<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
