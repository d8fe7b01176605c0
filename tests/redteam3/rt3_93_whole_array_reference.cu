// A reference to the whole tile (auto &t = tile), the transposed read made
// through the reference.
// launch: rt3_93_whole_array_reference 2 32x8
static __global__ void rt3_93_whole_array_reference(const int *in, int *out, int p) {
    __shared__ int tile[32][32];
    auto &t = tile;
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    __syncthreads();
    for (int j = ty; j < 32; j += 8) out[blockIdx.x * 1024 + j * 32 + tx] = t[tx][j] + tile[j][tx];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_93_whole_array_reference<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
