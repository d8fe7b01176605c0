// An element bound to a float & parameter, and the callee walks from its
// address: (&e)[32] is the element one row down in the declared layout.
// launch: rt2_144_element_ref_walked 2 32x8
__device__ float with_below(const float &e) { return e + (&e)[32]; }
__global__ void rt2_144_element_ref_walked(const int *in, int *out, int p) {
    __shared__ float tile[33][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    if (ty == 0) tile[32][tx] = 0.5f;
    __syncthreads();
    out[blockIdx.x * 256 + tid] = __float_as_int(with_below(tile[tx][ty]));
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_144_element_ref_walked<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
