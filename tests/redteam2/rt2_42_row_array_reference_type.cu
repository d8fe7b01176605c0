// A row bound to a reference of the declared row type, float (&row)[32].
// launch: rt2_42_row_array_reference_type 2 32x8
__device__ float sum4(const float (&row)[32], int c) { return row[c] + row[(c + 1) & 31] + row[(c + 2) & 31] + row[(c + 3) & 31]; }
__global__ void rt2_42_row_array_reference_type(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    float (&mine)[32] = tile[tx];
    out[blockIdx.x * 256 + tid] = __float_as_int(mine[ty] + sum4(tile[tx], ty * 4));
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_42_row_array_reference_type<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
