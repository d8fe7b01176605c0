// A second shared array declared with the first one's type
// (__shared__ decltype(tile) snap;) and filled by copying the first one's
// bytes, then read by subscripts.
// launch: rt3_94_decltype_twin_copy 2 32x8
static __global__ void rt3_94_decltype_twin_copy(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    __shared__ decltype(tile) snap;
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    __syncthreads();
    if (tx == 0 && ty == 0) memcpy(snap, tile, sizeof tile);
    __syncthreads();
    for (int j = ty; j < 32; j += 8) out[blockIdx.x * 1024 + j * 32 + tx] = tile[tx][j] + 2 * snap[tx][j];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_94_decltype_twin_copy<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
