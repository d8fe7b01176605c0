// A column read from the input itself (a gather: tile[ty][in[...] & 63]):
// up to 63, so up to a row on.
// launch: rt3_55_column_from_loaded_value 2 32x8
__global__ void rt3_55_column_from_loaded_value(const int *in, int *out, int p) {
    __shared__ int tile[16][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    tile[ty][tx] = in[blockIdx.x * 512 + tid] & 4095;
    tile[ty + 8][tx] = in[blockIdx.x * 512 + tid + 256] & 4095;
    __syncthreads();
    const int c = __ldg(&in[2048 + blockIdx.x * 256 + tid]) & 63;
    out[blockIdx.x * 256 + tid] = tile[ty][c] + 2 * tile[tx % 16][ty];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_55_column_from_loaded_value<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
