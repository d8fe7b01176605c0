// Overloads of one helper name by row type, float (*)[32] and
// float (*)[16], each given its own tile.
// launch: rt2_168_helper_overloads_by_row_type 2 32x8
__device__ float at(const float (*t)[32], int r, int c) { return t[r][c]; }
__device__ float at(const float (*t)[16], int r, int c) { return t[r][c] * 2.0f; }
__global__ void rt2_168_helper_overloads_by_row_type(const int *in, int *out, int p) {
    __shared__ float wide[32][32];
    __shared__ float narrow[16][16];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) wide[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    narrow[tid / 16][tid % 16] = (float)(in[blockIdx.x * 256 + tid + 2048] & 4095);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = __float_as_int(at(wide, tx, ty) + at(narrow, tx & 15, ty));
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_168_helper_overloads_by_row_type<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
