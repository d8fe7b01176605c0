// A helper that changes its own index parameter before the subscript:
// t[r][c] reads the row r + 1 of the caller's r.
// launch: rt2_142_callee_changes_index_param 2 32x8
__device__ float below(const float (*t)[32], int r, int c) {
    r = (r + 1) & 31;
    return t[r][c];
}
__global__ void rt2_142_callee_changes_index_param(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = __float_as_int(below(tile, tx, ty) + 2.0f * tile[tx][ty]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_142_callee_changes_index_param<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
