// A second shared array declared with decltype of the first, both written
// and read by subscripts only: twin[tx][j] is in range of its own type.
// launch: rt3_95_decltype_twin_subscripts 2 32x8
static __global__ void rt3_95_decltype_twin_subscripts(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    __shared__ decltype(tile) twin;
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) {
        tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
        twin[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] >> 12;
    }
    __syncthreads();
    const int *flat = &twin[0][0];
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = tile[tx][j] + 2 * twin[tx][j] + flat[tx * 32 + j];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_95_decltype_twin_subscripts<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
