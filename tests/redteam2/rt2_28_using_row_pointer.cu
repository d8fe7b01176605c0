// `using Row = float[32]; Row *rows = tile;` then rows[tx][ty]: a pointer
// to the declared row type, which a padded row no longer converts to.
// launch: rt2_28_using_row_pointer 2 32x8
using Row = float[32];
__global__ void rt2_28_using_row_pointer(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    Row *rows = tile;
    out[blockIdx.x * 256 + tid] = __float_as_int(rows[tx][ty] + rows[ty][tx]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_28_using_row_pointer<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
